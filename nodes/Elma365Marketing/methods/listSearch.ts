import type { IDataObject, INodeListSearchItems } from 'n8n-workflow';
import { entryName, withEmail } from '../../shared/methods/listSearch';
import { onceChosen, pagedListSearch } from '../../shared/methods/pickerSearch';
import { apiPath } from '../../shared/transport';
import { shownText } from '../../shared/shown';

export const searchSegments = pagedListSearch({
	method: 'POST',
	path: '/marketing/segment',
	paging: 'body',
	body: {},
	what: 'marketing segments',
});

/** `Name (email)`, valued by ID; the email only where the subscriber has one that is not its name. */
function subscriberEntry(entry: IDataObject): INodeListSearchItems {
	return { name: withEmail(entryName(entry), entry), value: String(entry.__id ?? '') };
}

/**
 * All subscribers, page by page. The search text is matched on the page against name and email
 * (the platform's subscriber fields are not documented, so no filter is sent), as for segments.
 */
export const searchSubscribers = pagedListSearch(
	{
		method: 'POST',
		path: '/marketing/subscriber',
		paging: 'body',
		body: {},
		what: 'marketing subscribers',
	},
	subscriberEntry,
);

/** The subscribers of the chosen segment (what Remove Subscribers can remove), page by page. */
export const searchSegmentSubscribers = pagedListSearch(
	onceChosen('segmentId', (segmentId) => ({
		method: 'POST' as const,
		path: apiPath`/marketing/segment/${segmentId}/subscribers`,
		paging: 'body' as const,
		body: {},
		what: `the subscribers of segment ${shownText(segmentId)}`,
	})),
	subscriberEntry,
);
