import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';

export function segmentField(description: string): INodeProperties {
	return uuidLocator({
		displayName: 'Segment',
		name: 'segmentId',
		searchListMethod: 'searchSegments',
		description,
	});
}

export function readSegmentId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'segmentId', 'Segment');
}
