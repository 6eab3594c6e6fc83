import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, readLimit } from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { apiRequest } from '../../../shared/transport';
import { readListPage } from '../../../shared/lists/listPage';

export const description: INodeProperties[] = showFor('application', 'getAll', [
	...returnAllOrLimit,
]);

/**
 * GET /app/list answers with every application at once (no paging is documented), so Limit is
 * applied to the answer instead of being sent.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const limit = readLimit(this, itemIndex);
	const response = await apiRequest(this, { method: 'GET', path: '/app/list', itemIndex });
	const { items } = readListPage(response);
	const rows = limit === undefined ? items : items.slice(0, limit);
	return rows.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
