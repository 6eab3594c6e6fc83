import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { channelMessageFields, readChannelMessagePath } from '../channelFields';

export const description: INodeProperties[] = showFor('comment', 'getAll', [
	...channelMessageFields('whose comments to list'),
	...returnAllOrLimit,
]);

/**
 * POST /channel/{channel}/message/{id}/comment/list {from, size} (ListChannelComment). No page found
 * shows its body; `from`/`size` are inferred from the documented message list
 * (https://api.brix365.com/en/public-api/reference/feed/listchannelmessage).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readChannelMessagePath(this, itemIndex, 'comment/list');
	const rows = await readWholeList(this, bodyPagedList(this, itemIndex, path));
	return pairedRows(rows, itemIndex);
}
