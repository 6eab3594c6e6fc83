import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';

/** The segment, picked from the list of segments or typed in as an ID. */
export function segmentField(description: string): INodeProperties {
	return uuidLocator({
		displayName: 'Segment',
		name: 'segmentId',
		searchListMethod: 'searchSegments',
		description,
	});
}

/** The picked segment's ID, checked as a UUID. */
export function readSegmentId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'segmentId', 'Segment', 'searchSegments');
}
