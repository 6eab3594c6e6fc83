import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { writeOptions } from '../../../shared/descriptions/writeOptions';
import { concurrencyByVersion } from '../../../shared/execution/operations';
import { ADAPTIVE_INSTANCE_CHANGES_VERSION } from '../../versions';
import { instanceAction } from './instanceAction';
import { instanceField } from './instanceField.description';

const concurrency = concurrencyByVersion(writeOptions, {
	adaptive: ADAPTIVE_INSTANCE_CHANGES_VERSION,
});

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_INSTANCE_CHANGES_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('instance', 'restartStep', [
	instanceField('whose current step to run again'),
	...concurrency.options,
]);

/**
 * POST /bpm/instance/{id}/restart-step (the vendor's operation bpmInstanceRestartStep). No reference
 * page shows its body: `{}` is sent, and Additional Body (JSON) carries what a company expects.
 */
export const { execute, orderKey } = instanceAction({
	action: 'restart-step',
	done: 'stepRestarted',
});
