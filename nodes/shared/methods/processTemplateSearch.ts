import type { IDataObject } from 'n8n-workflow';
import { apiPath } from '../transport';
import { byCode } from './entryLabels';
import { onceChosen, wholeListSearch } from './pickerSearch';
import { shownText } from '../validation/shown';

/** The list of process templates of the section in `parameter`, once it is chosen. */
function processTemplatesOf(parameter: string) {
	return onceChosen(parameter, (namespace) => {
		// A process bound to an application lives in the namespace "section.app".
		const [section, application] = namespace.split('.', 2);
		const path = application
			? apiPath`/scheme/namespaces/${section}/apps/${application}/processes`
			: apiPath`/scheme/namespaces/${namespace}/processes`;
		return {
			method: 'GET' as const,
			path,
			what: `the process templates of section ${shownText(namespace)}`,
		};
	});
}

/** A process template's name, valued by id (instance lists take the id). */
function templateById(entry: IDataObject) {
	return { name: byCode(entry).name, value: String(entry.__id ?? entry.id ?? '') };
}

/** Process templates of the chosen section, valued by code (the path of a process to start). */
export const searchProcessTemplates = wholeListSearch(processTemplatesOf('namespace'), byCode);

/** Process templates of the chosen section, valued by id (the trigger's process events). */
export const searchProcessTemplateIds = wholeListSearch(
	processTemplatesOf('namespace'),
	templateById,
);

/** Process templates of the section in `templateNamespace`, valued by id (Get Many instances by template). */
export const searchInstanceTemplates = wholeListSearch(
	processTemplatesOf('templateNamespace'),
	templateById,
);
