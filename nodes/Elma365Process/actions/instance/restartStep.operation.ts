import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { instanceAction, instanceActionOptions } from './instanceAction';
import { instanceField } from './instanceField.description';

export const description: INodeProperties[] = showFor('instance', 'restartStep', [
	instanceField('whose current step to run again'),
	instanceActionOptions,
]);

/**
 * POST /bpm/instance/{id}/restart-step (the vendor's operation bpmInstanceRestartStep). No reference
 * page shows its body: `{}` is sent, and Additional Body (JSON) carries what a company expects.
 */
export const { execute, orderKey, defaultConcurrency } = instanceAction({
	action: 'restart-step',
	done: 'stepRestarted',
});
