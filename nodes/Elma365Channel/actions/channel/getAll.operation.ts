import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, readLimit } from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { readListPage } from '../../../shared/lists/listPage';
import { apiRequest } from '../../../shared/transport';

export const description: INodeProperties[] = showFor('channel', 'getAll', returnAllOrLimit);

/**
 * GET /channel (ListChannel): the channels the credential's user sees. No page found shows paging
 * for it, so the list is read in one request and Limit is applied here.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const limit = readLimit(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'GET',
		path: '/channel',
		idempotent: true,
		itemIndex,
	});
	const { items } = readListPage(response);
	const rows = limit === undefined ? items : items.slice(0, limit);
	return rows.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
