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

export const description: INodeProperties[] = showFor('subscriber', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

/**
 * POST /marketing/subscriber with `{filter, from, size}`, paged in the body (subscribersList: no
 * reference page found; the body of the segment list).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const body = readMarketingListBody(this, itemIndex);
	const rows = await readWholeList(
		this,
		bodyPagedList(this, itemIndex, '/marketing/subscriber', body),
	);
	return pairedRows(rows, itemIndex);
}
