import type { IDataObject } from 'n8n-workflow';
import { apiPath } from '../transport';
import { entryName } from './listSearch';
import { onceChosen, pagedListSearch } from './pickerSearch';
import { shownText } from '../shown';

/** The name, with the code where the entry has one; valued by id. */
function byId(entry: IDataObject) {
	const id = String(entry.__id ?? entry.id ?? '');
	const code = typeof entry.code === 'string' ? entry.code : '';
	const name = entryName(entry);
	return { name: code && code !== name ? `${name} (${code})` : name, value: id };
}

/** Pages of the chosen section, valued by id. */
export const searchPages = pagedListSearch(
	onceChosen('namespace', (namespace) => ({
		method: 'GET' as const,
		path: apiPath`/scheme/namespaces/${namespace}/pages`,
		paging: 'query' as const,
		what: `the pages of section ${shownText(namespace)}`,
	})),
	byId,
);

/** Document templates of the chosen section, valued by id. */
export const searchDocumentTemplates = pagedListSearch(
	onceChosen('namespace', (namespace) => ({
		method: 'GET' as const,
		path: apiPath`/scheme/namespaces/${namespace}/doctemplates`,
		paging: 'query' as const,
		what: `the document templates of section ${shownText(namespace)}`,
	})),
	byId,
);
