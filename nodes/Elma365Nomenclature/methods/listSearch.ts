import type { IDataObject } from 'n8n-workflow';
import { entryName } from '../../shared/methods/listSearch';
import { pagedListSearch } from '../../shared/methods/pickerSearch';

/** The document's section, application and item (Document > Get Document Lists, Get Registrations). */
export { searchItems } from '../../shared/methods/itemSearch';
export { searchApplications, searchNamespaces } from '../../shared/methods/sectionSearch';

export const searchDirectories = pagedListSearch({
	method: 'GET',
	path: '/nomenclature/directory',
	paging: 'query',
	what: 'nomenclature directories',
});

/** `Name (document flow)`: picking a case shows its current document flow, which Update keeps unless it is changed. */
function caseEntry(entry: IDataObject) {
	const flow =
		typeof entry.docflow === 'string' && entry.docflow !== '' ? ` (${entry.docflow})` : '';
	return { name: `${entryName(entry)}${flow}`, value: String(entry.__id ?? entry.id ?? '') };
}

export const searchCases = pagedListSearch(
	{ method: 'GET', path: '/nomenclature', paging: 'query', what: 'nomenclature cases' },
	caseEntry,
);
