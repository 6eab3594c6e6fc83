import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import { apiRequest } from '../../../shared/transport';
import {
	allInOneGroup,
	instancesBody,
	oneOutputForGroup,
	readGroupedAdditionalBody,
} from './instancesInOneRequest';
import { readInstanceId, instancesActionFields } from './instanceFields';

export const description: INodeProperties[] = showFor(
	'instance',
	'restartStepMany',
	instancesActionFields('whose current step to run again'),
);

/**
 * POST /bpm/instance/restart-step {instances} (the vendor's operation bpmInstanceBulkRestartStep).
 * No reference page shows its body: the key `instances` is inferred from the documented bulk interrupt.
 * One request for the input items whose Instance is valid (an invalid one fails its own item
 * only), Additional Body (JSON) from the first item merged over it; one output item paired with all.
 */
export const executeAll = groupedOperation({
	readSettings: readGroupedAdditionalBody,
	read: readInstanceId,
	group: allInOneGroup,
	async send(ctx, group, additional) {
		const body = instancesBody(group, additional);
		const response = await apiRequest(ctx, {
			method: 'POST',
			path: '/bpm/instance/restart-step',
			body,
			// Restarting twice runs the steps twice: never repeated blindly.
			idempotent: false,
			itemIndex: group[0].itemIndex,
		});
		return oneOutputForGroup(group, body, response);
	},
});
