import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { apiPath } from '../../../shared/transport';
import { segmentField } from './segmentLocator';
import { sendInOneRequestField, subscriberChanges } from './subscriberChanges';
import { subscriberIdsField } from './subscriberIds';

export const description: INodeProperties[] = showFor('segment', 'addSubscribers', [
	segmentField('The static segment to add subscribers to'),
	subscriberIdsField('add'),
	sendInOneRequestField,
]);

/** PATCH /marketing/segment/{id}/subscribers/add {"ids": [...]}, per item or per segment. */
export const { execute, executeAll, groupedWhen } = subscriberChanges(
	(segmentId) => apiPath`/marketing/segment/${segmentId}/subscribers/add`,
);
