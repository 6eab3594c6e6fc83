import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { listOptions } from '../../../shared/lists/listOptions';
import { readMarketingListBody } from '../marketingList';

export const description: INodeProperties[] = showFor('subscriber', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

/** POST /marketing/subscriber with `{filter, from, size}`, paged in the body. */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: () => '/marketing/subscriber',
	body: readMarketingListBody,
});
