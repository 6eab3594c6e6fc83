import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	groupedOptions,
	instanceIdOfEveryItem,
	instancesInOneRequest,
} from './instancesInOneRequest';

export const description: INodeProperties[] = showFor('instance', 'skipStepMany', [
	instanceIdOfEveryItem('whose current step to skip'),
	groupedOptions,
]);

/**
 * POST /bpm/instance/skip-step {instances} (the vendor's operation bpmInstanceBulkSkipStep). No
 * reference page shows its body: the key `instances` is inferred from the documented bulk interrupt.
 */
export const executeAll = instancesInOneRequest('skip-step');
