import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { groupedOperation } from '../../../shared/execution/grouped';
import { apiRequest } from '../../../shared/transport';
import { allInOneGroup, oneOutputForGroup, readInstanceIdOfItem } from './instancesInOneRequest';
import { interruptComment, readComment } from './interruptComment';

export const description: INodeProperties[] = showFor('instance', 'interruptMany', [
	{
		displayName: 'Instance ID',
		name: 'instanceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '={{ $json.__id }}',
		description:
			'ID of a process instance to stop, read from every input item: all of them are stopped in one request (system administrators only)',
	},
	{
		...interruptComment,
		description:
			'Why the processes are stopped (read from the first item); sent only when not empty',
	},
]);

/**
 * POST /bpm/instance/interrupt {instances, comment?}: the vendor's reference page
 * "bpm/bpminstancebulkinterrupt". One request for the input items whose Instance ID is valid, one
 * output item paired with all of them; an invalid Instance ID fails its own item only.
 */
export const executeAll = groupedOperation({
	readSettings: (ctx): IDataObject => readComment(ctx, 0),
	read: readInstanceIdOfItem,
	group: allInOneGroup,
	async send(ctx, group, comment) {
		const body = { ...comment, instances: group.map((member) => member.input) };
		const response = await apiRequest(ctx, {
			method: 'POST',
			path: '/bpm/instance/interrupt',
			body,
			// A second interrupt of a stopped instance says "not running": never repeated blindly.
			idempotent: false,
			itemIndex: group[0].itemIndex,
		});
		return oneOutputForGroup(group, body, response);
	},
});
