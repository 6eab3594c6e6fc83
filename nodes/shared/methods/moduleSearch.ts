import { byCode, labelled } from './entryLabels';
import { wholeListSearch } from './pickerSearch';

/** Modules are addressed by id in the scheme and by code in the integrations; the list is not paged. */
const MODULES = { method: 'GET' as const, path: '/scheme/modules', what: 'modules' };

/** Modules, valued by id (the Scheme node's module reads). */
export const searchModules = wholeListSearch(MODULES, (entry) =>
	labelled(entry, String(entry.id ?? entry.__id ?? entry.code ?? '')),
);

/** Modules, valued by code (or by id where an entry has no code): the telephony integration's `{code}`. */
export const searchModuleCodes = wholeListSearch(MODULES, (entry) =>
	labelled(entry, String(entry.code ?? entry.id ?? entry.__id ?? '')),
);

/** Solutions, valued by code. */
export const searchSolutions = wholeListSearch(
	{ method: 'GET', path: '/scheme/solutions', what: 'solutions' },
	byCode,
);
