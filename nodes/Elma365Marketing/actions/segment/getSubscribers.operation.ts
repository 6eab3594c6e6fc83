import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { listOptions } from '../../../shared/lists/listOptions';
import { apiPath } from '../../../shared/transport';
import { readMarketingListBody } from '../marketingList';
import { readSegmentId, segmentField } from './segmentLocator';

export const description: INodeProperties[] = showFor('segment', 'getSubscribers', [
	segmentField('The segment whose subscribers to list'),
	...returnAllOrLimit,
	listOptions({}),
]);

/**
 * POST /marketing/segment/{id}/subscribers with `{filter, from, size}`, paged in the body
 * (segmentSubscribersList: no reference page found; the body of the segment list).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = apiPath`/marketing/segment/${readSegmentId(this, itemIndex)}/subscribers`;
	const body = readMarketingListBody(this, itemIndex);
	const rows = await readWholeList(this, bodyPagedList(this, itemIndex, path, body));
	return pairedRows(rows, itemIndex);
}
