import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { instanceAction, instanceActionOptions } from './instanceAction';
import { instanceField } from './instanceField.description';

export const description: INodeProperties[] = showFor('instance', 'skipStep', [
	instanceField('whose current step to skip'),
	instanceActionOptions,
]);

/**
 * POST /bpm/instance/{id}/skip-step (the vendor's operation bpmInstanceSkipStep). No reference page
 * shows its body: `{}` is sent, and Additional Body (JSON) carries what a company expects.
 */
export const { execute, orderKey, defaultConcurrency } = instanceAction({
	action: 'skip-step',
	done: 'stepSkipped',
});
