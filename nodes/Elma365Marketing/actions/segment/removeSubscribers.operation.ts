import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { apiPath } from '../../../shared/transport';
import { segmentField } from './segmentLocator';
import { sendInOneRequestField, subscriberChanges } from './subscriberChanges';
import { subscriberIdsField } from './subscriberIds';

export const description: INodeProperties[] = showFor('segment', 'removeSubscribers', [
	segmentField('The static segment to remove subscribers from'),
	subscriberIdsField('remove'),
	sendInOneRequestField,
]);

/** PATCH /marketing/segment/{id}/subscribers/remove {"ids": [...]}, per item or per segment. */
export const { execute, executeAll, groupedWhen } = subscriberChanges(
	(segmentId) => apiPath`/marketing/segment/${segmentId}/subscribers/remove`,
);
