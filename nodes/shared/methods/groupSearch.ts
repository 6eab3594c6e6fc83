import type { IDataObject } from 'n8n-workflow';
import { apiPath } from '../transport';
import { entryName } from './listSearch';
import { nameFilter, onceChosen, pagedListSearch } from './pickerSearch';

/** `Name (namespace)`, valued by id; groups carry their name as "__name" (the documented group body). */
function groupEntry(entry: IDataObject) {
	const name = entryName(entry);
	return {
		name: entry.namespace ? `${name} (${String(entry.namespace)})` : name,
		value: String(entry.__id ?? entry.id ?? ''),
	};
}

/** Groups, searched by name on the platform, valued by id. */
export const searchGroups = pagedListSearch(
	(_ctx, text) => ({
		method: 'POST',
		path: '/scheme/groups/list',
		paging: 'body',
		body: nameFilter(text),
		what: 'groups',
	}),
	groupEntry,
);

/** The positions already in the chosen group (the API has no list of all positions). */
export const searchGroupPositions = pagedListSearch(
	onceChosen('groupId', (groupId) => ({
		method: 'GET' as const,
		path: apiPath`/scheme/groups/${groupId}/positions`,
		paging: 'query' as const,
		what: 'the positions of this group',
	})),
);
