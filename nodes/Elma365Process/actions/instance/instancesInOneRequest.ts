import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/descriptions/common';
import { writeOptions } from '../../../shared/descriptions/writeOptions';
import { groupedOperation } from '../../../shared/execution/grouped';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { requireUuid } from '../../../shared/validation';

/** The Instance ID read from every input item of a grouped operation. */
export function instanceIdOfEveryItem(purpose: string): INodeProperties {
	return {
		displayName: 'Instance ID',
		name: 'instanceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '={{ $json.__id }}',
		description: `ID of a process instance ${purpose}, read from every input item: all of them are sent in one request`,
	};
}

/** Options of a grouped operation: Additional Body (JSON) alone (one request, nothing to run at once). */
export const groupedOptions: INodeProperties = {
	...writeOptions,
	options: (writeOptions.options as INodeProperties[]).filter((option) => option.name === 'body'),
};

/**
 * `POST /bpm/instance/<action>` with `{"instances": [...]}` for the input items whose Instance ID
 * is valid, as the documented bulk interrupt (bpm/bpminstancebulkinterrupt) names them; an invalid
 * Instance ID fails its own item only. Additional Body (JSON), read from the first item, is merged
 * over it. One output item, paired with all the items sent.
 */
export function instancesInOneRequest(action: string) {
	return groupedOperation({
		readSettings: (ctx): IDataObject =>
			readJsonObject(ctx, 0, 'options.body', 'Options > Additional Body (JSON)'),
		read: (ctx, itemIndex) =>
			requireUuid(ctx, itemIndex, 'Instance ID', ctx.getNodeParameter('instanceId', itemIndex)),
		group: (_ctx, members) => (members.length > 0 ? [members] : []),
		async send(ctx, group, additional) {
			const body = { instances: group.map((member) => member.input), ...additional };
			const response = await apiRequest(ctx, {
				method: 'POST',
				path: `/bpm/instance/${action}`,
				body,
				// Skipping or restarting twice moves the processes twice: never repeated blindly.
				idempotent: false,
				itemIndex: group[0].itemIndex,
			});
			const output = {
				json: { ...body, ...unwrapItem(response) },
				pairedItem: group.map((member) => ({ item: member.itemIndex })),
			};
			// The one output item stands in the first member's place; the others add none.
			return group.map((_member, index) => ({ result: index === 0 ? [output] : [] }));
		},
	});
}
