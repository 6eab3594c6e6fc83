import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { commentedMessage, readMessagePath } from './commentedMessage';

export const description: INodeProperties[] = showFor('comment', 'getReplies', [
	...commentedMessage('whose replies to list'),
	...returnAllOrLimit,
]);

/**
 * POST /feed/{namespace}/{code}/{target}/message/{id}/comment/list {from, size}: a message's
 * comments (ListComment). No page found shows its body; `from`/`size` in the body are inferred from
 * the documented message list (https://api.brix365.com/en/public-api/reference/feed/listmessage).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readMessagePath(this, itemIndex, 'comment/list');
	const rows = await readWholeList(this, bodyPagedList(this, itemIndex, path));
	return pairedRows(rows, itemIndex);
}
