import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { readSegmentId, segmentField } from './segmentLocator';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('segment', 'get', [
	segmentField('The segment to get'),
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** GET /marketing/segment/{id}: the segment. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const segmentId = readSegmentId(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'GET',
		path: apiPath`/marketing/segment/${segmentId}`,
		itemIndex,
	});
	return unwrapItem(response);
}
