import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	groupedOptions,
	instanceIdOfEveryItem,
	instancesInOneRequest,
} from './instancesInOneRequest';

export const description: INodeProperties[] = showFor('instance', 'restartStepMany', [
	instanceIdOfEveryItem('whose current step to run again'),
	groupedOptions,
]);

/**
 * POST /bpm/instance/restart-step {instances} (the vendor's operation bpmInstanceBulkRestartStep).
 * No reference page shows its body: the key `instances` is inferred from the documented bulk interrupt.
 */
export const executeAll = instancesInOneRequest('restart-step');
