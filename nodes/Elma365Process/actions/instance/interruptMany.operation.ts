import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import { apiRequest } from '../../../shared/transport';
import { allInOneGroup, oneOutputForGroup } from './instancesInOneRequest';
import { instanceIdOfEveryItem, readInstanceId } from './instanceFields';
import { interruptComment, readComment } from './interruptComment';

export const description: INodeProperties[] = showFor('instance', 'interruptMany', [
	{
		...instanceIdOfEveryItem('to stop'),
		description:
			'The process instance to stop, read from every input item (e.g. {{ $json.__id }} of a listed instance): all of them are stopped in one request (system administrators only)',
	},
	{
		...interruptComment,
		description:
			'Why the processes are stopped (read from the first item); sent only when not empty',
	},
]);

/**
 * POST /bpm/instance/interrupt {instances, comment?}: the vendor's reference page
 * "bpm/bpminstancebulkinterrupt". One request for the input items whose Instance is valid, one
 * output item paired with all of them; an invalid Instance fails its own item only.
 */
export const executeAll = groupedOperation({
	readSettings: (ctx): IDataObject => readComment(ctx, 0),
	read: readInstanceId,
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
