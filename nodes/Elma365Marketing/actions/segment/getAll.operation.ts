import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { listOptions } from '../../../shared/lists/listOptions';
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
	const rows = await readWholeList(
		this,
		bodyPagedList(this, itemIndex, '/marketing/segment', body),
	);
	return pairedRows(rows, itemIndex);
}
