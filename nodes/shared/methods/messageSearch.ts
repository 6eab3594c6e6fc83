import type { IDataObject } from 'n8n-workflow';
import { apiPath } from '../transport';
import { readChosenApplication, readListDependency } from './listDependency';
import { pagedListSearch } from './pickerSearch';

/** How long a message's text may be in a picker's row before it is cut. */
const LABEL_LENGTH = 80;

/** A message of an activity stream or a channel: its title, else the start of its text, valued by id. */
export function messageEntry(entry: IDataObject) {
	const text = [entry.title, entry.body].find(
		(value): value is string => typeof value === 'string' && value.trim() !== '',
	);
	const label = text?.replace(/\s+/g, ' ').trim() ?? String(entry.__id ?? '');
	return {
		name: label.length > LABEL_LENGTH ? `${label.slice(0, LABEL_LENGTH)}…` : label,
		value: String(entry.__id ?? entry.id ?? ''),
	};
}

/**
 * The messages in the chosen item's activity stream (reference page
 * https://api.brix365.com/en/public-api/reference/feed/listmessage), page by page.
 */
export const searchItemMessages = pagedListSearch((ctx) => {
	const chosen = readChosenApplication(ctx, 'application', 'application');
	const itemId = readListDependency(ctx, 'itemId');
	if (chosen === undefined || itemId === undefined) return undefined;
	const { namespace, application } = chosen;
	return {
		method: 'POST',
		path: apiPath`/feed/${namespace}/${application}/${itemId}/message/list`,
		paging: 'body',
		what: 'the messages of this item',
	};
}, messageEntry);

/**
 * The messages of the chosen channel (reference page
 * https://api.brix365.com/en/public-api/reference/feed/listchannelmessage), page by page.
 */
export const searchChannelMessages = pagedListSearch((ctx) => {
	const channel = readListDependency(ctx, 'channelId');
	if (channel === undefined) return undefined;
	return {
		method: 'POST',
		path: apiPath`/channel/${channel}/message/list`,
		paging: 'body',
		what: 'the messages of this channel',
	};
}, messageEntry);
