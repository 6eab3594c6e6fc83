import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { readLimit } from '../../../shared/readers/common';
import { listOptions } from '../../../shared/lists/listOptions';
import { readWholeList } from '../../../shared/lists/pager';
import { readMarketingListBody } from '../marketingList';

export const description: INodeProperties[] = showFor('segment', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

/**
 * POST /marketing/segment with `{filter, from, size}`, paged in the body
 * (api.brix365.com/en/public-api/reference/marketing/segmentlist).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const body = readMarketingListBody(this, itemIndex);
	const rows = await readWholeList(this, {
		method: 'POST',
		path: '/marketing/segment',
		paging: 'body',
		body,
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	return rows.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
