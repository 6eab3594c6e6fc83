import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import { apiPath } from '../../../shared/transport';
import { readSegmentId, segmentField } from './segmentLocator';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('segment', 'get', [
	segmentField('The segment to get'),
	...concurrency.options,
]);

/** GET /marketing/segment/{id}. */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => apiPath`/marketing/segment/${readSegmentId(ctx, itemIndex)}`,
});
