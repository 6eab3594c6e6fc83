import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { apiPath } from '../../../shared/transport';
import { readSegmentId, segmentField } from './segmentLocator';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('segment', 'get', [
	segmentField('The segment to get'),
	adaptiveConcurrency(concurrencyOption),
]);

/** GET /marketing/segment/{id}. */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => apiPath`/marketing/segment/${readSegmentId(ctx, itemIndex)}`,
});
