import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { listOptions } from '../../../shared/lists/listOptions';
import { apiPath } from '../../../shared/transport';
import { readMarketingListBody } from '../marketingList';
import { readSegmentId, segmentField } from './segmentLocator';

export const description: INodeProperties[] = showFor('segment', 'getSubscribers', [
	segmentField('The segment whose subscribers to list'),
	...returnAllOrLimit,
	listOptions({}),
]);

/** POST /marketing/segment/{id}/subscribers with `{filter, from, size}`, paged in the body. */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: (ctx, itemIndex) =>
		apiPath`/marketing/segment/${readSegmentId(ctx, itemIndex)}/subscribers`,
	body: readMarketingListBody,
});
