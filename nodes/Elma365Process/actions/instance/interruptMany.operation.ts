import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { requireUuid } from '../../../shared/validation';
import { interruptComment, readComment } from './interruptForm';

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
 * "bpm/bpminstancebulkinterrupt". One request for all input items, one output item paired with all.
 */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const instances = items.map((_item, itemIndex) =>
		requireUuid(this, itemIndex, 'Instance ID', this.getNodeParameter('instanceId', itemIndex)),
	);
	if (instances.length === 0) return [];
	const body = { ...readComment(this, 0), instances };
	const response = await apiRequest(this, {
		method: 'POST',
		path: '/bpm/instance/interrupt',
		body,
		idempotent: false,
		itemIndex: 0,
	});
	return [
		{
			json: { ...body, ...unwrapItem(response) },
			pairedItem: items.map((_item, item) => ({ item })),
		},
	];
}
