import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { valuesInput, readValues, valueShapesNotice } from '../../../shared/fields/valuesInput';
import { showFor } from '../../../shared/display';
import { contextMapper } from './contextMapper';
import { processApplicationPicker, readTemplateNamespace, templateScheme } from './templatePickers';
import { codeLocator } from '../../../shared/pickers/locators';
import { explainStatus, type StatusHints } from '../../../shared/execution/statusHints';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { requirePathParameter } from '../../../shared/validation/values';
import {
	concurrency,
	CREATED_IN_ANOTHER_ORDER,
	optionsCollection,
} from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('process', 'start', [
	codeLocator({
		displayName: 'Section',
		name: 'namespace',
		searchListMethod: 'searchNamespaces',
		placeholder: 'crm',
		description:
			'The section (namespace) of the process template; for a process bound to an application, choose the Application below too (or type "section.app" by code)',
	}),
	processApplicationPicker('to start'),
	{
		...codeLocator({
			displayName: 'Process Template',
			name: 'processCode',
			searchListMethod: 'searchProcessTemplates',
			placeholder: 'approval',
			description:
				'The process template to start; the list shows the templates of the chosen section, or of the chosen application',
		}),
		typeOptions: { loadOptionsDependsOn: ['namespace.value', 'processApplication.value'] },
	},
	...valuesInput({ what: 'process context', form: [contextMapper, valueShapesNotice] }),
	optionsCollection([concurrency(1, CREATED_IN_ANOTHER_ORDER)]),
]);

/** The platform answers with the new instance's context; its `__id` is the instance ID. */
function withInstanceId(response: IDataObject): IDataObject {
	const payload = unwrapItem(response);
	const context = payload.context as IDataObject | undefined;
	const id = context && typeof context === 'object' ? context.__id : undefined;
	return id === undefined ? payload : { instanceId: id, ...payload };
}

/** What a 429 on a start means, added to the error's message once the wait for it did not get through. */
const START_HINTS: StatusHints = {
	429: 'the process start limit of the platform was reached and waiting did not get the start through: start fewer processes at once, raise Request Options > Max Quota Wait, or try again later',
};

/**
 * POST /bpm/template/{namespace}/{code}/run with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/bpm/bpmtemplaterun/); a 429 that outlasts Max Quota Wait is explained.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	try {
		const namespace = readTemplateNamespace(this, itemIndex);
		const code = requirePathParameter(this, itemIndex, 'processCode', 'Process Code');
		// Pairs and JSON are converted by the types of the template's context fields, read as the
		// field mapper reads them (GET /scheme/namespaces/{namespace}/processes/{code}).
		const body = { context: await readValues(this, itemIndex, templateScheme(namespace, code)) };
		const response = await apiRequest(this, {
			method: 'POST',
			path: apiPath`/bpm/template/${namespace}/${code}/run`,
			body,
			// Starting twice would run two processes: never repeated after a 5xx, only after a 429.
			idempotent: false,
			itemIndex,
		});
		return withInstanceId(response);
	} catch (error) {
		throw explainStatus(error, START_HINTS);
	}
}
