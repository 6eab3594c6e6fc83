import { apiPath } from '../../../shared/transport';
import { marketingList } from '../listForm';
import { readSegmentId, segmentField } from './segmentForm';

export const { description, execute } = marketingList({
	resource: 'segment',
	operation: 'getSubscribers',
	path: (ctx, itemIndex) =>
		apiPath`/marketing/segment/${readSegmentId(ctx, itemIndex)}/subscribers`,
	fields: [segmentField('The segment whose subscribers to list')],
});
