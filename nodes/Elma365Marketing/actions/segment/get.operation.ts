import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { requestOperation } from '../../../shared/execution/operations';
import { apiPath } from '../../../shared/transport';
import { readSegmentId, segmentField } from './segmentLocator';

export const description: INodeProperties[] = showFor('segment', 'get', [
	segmentField('The segment to get'),
]);

/** GET /marketing/segment/{id}. */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => apiPath`/marketing/segment/${readSegmentId(ctx, itemIndex)}`,
});
