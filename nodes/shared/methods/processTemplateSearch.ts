import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';
import { apiPath } from '../transport';
import { byCode } from './entryLabels';
import { readListDependency } from './listDependency';
import { nameFilter, pagedListSearch, wholeListSearch } from './pickerSearch';
import { shownText } from '../shown';

/**
 * The namespace of the process template the form names: the Section, or "section.app" when an
 * Application (`processApplication`) is chosen beside it for a process bound to an application.
 * Undefined while the Section is not chosen.
 */
export function readChosenProcessNamespace(ctx: ILoadOptionsFunctions): string | undefined {
	const namespace = readListDependency(ctx, 'namespace');
	if (namespace === undefined) return undefined;
	const application = readListDependency(ctx, 'processApplication');
	return application === undefined ? namespace : `${namespace}.${application}`;
}

/** The list of process templates of the section in `parameter`, once it is chosen. */
function processTemplatesOf(parameter: string) {
	const chosen =
		parameter === 'namespace'
			? (ctx: ILoadOptionsFunctions) => readChosenProcessNamespace(ctx)
			: (ctx: ILoadOptionsFunctions) => readListDependency(ctx, parameter);
	return (ctx: ILoadOptionsFunctions) => {
		const namespace = chosen(ctx);
		if (namespace === undefined) return undefined;
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
	};
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

/**
 * The instances of the process template in `templateId`, searched by name: `POST
 * /bpm/instance/bytemplateid/{id}/list` paged in the body, with `filter.tf.__name`
 * (api.brix365.com/en/public-api/reference/bpm/bmpinstancelist). The vendor lists instances only
 * by template or by target, so the instance operations pick the template first.
 */
export const searchTemplateInstances = pagedListSearch((ctx, text) => {
	const templateId = readListDependency(ctx, 'templateId');
	if (templateId === undefined) return undefined;
	return {
		method: 'POST' as const,
		path: apiPath`/bpm/instance/bytemplateid/${templateId}/list`,
		paging: 'body' as const,
		what: 'the instances of the process template',
		body: nameFilter(text),
	};
});

/**
 * The instances of the process template chosen by Section and Process Template (`namespace`,
 * `processCode`), searched by name: `POST /bpm/instance/bytemplate/{namespace}/{code}/list` paged in
 * the body (api.brix365.com/en/public-api/reference/bpm/bmpinstancelistbycode).
 */
export const searchTemplateCodeInstances = pagedListSearch((ctx, text) => {
	const namespace = readChosenProcessNamespace(ctx);
	const code = readListDependency(ctx, 'processCode');
	if (namespace === undefined || code === undefined) return undefined;
	return {
		method: 'POST' as const,
		path: apiPath`/bpm/instance/bytemplate/${namespace}/${code}/list`,
		paging: 'body' as const,
		what: `the instances of process template ${shownText(`${namespace}/${code}`)}`,
		body: nameFilter(text),
	};
});
