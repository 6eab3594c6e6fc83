import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { listOptions } from '../../../shared/lists/listOptions';
import { readMarketingListBody } from '../marketingList';

export const description: INodeProperties[] = showFor('segment', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

/** POST /marketing/segment with `{filter, from, size}`, paged in the body. */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: () => '/marketing/segment',
	body: readMarketingListBody,
});
