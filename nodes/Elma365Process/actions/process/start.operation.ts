import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	ResourceMapperTypeOptionsBase,
} from 'n8n-workflow';
import { contextFields, readContext } from '../../../shared/descriptions/contextFields';
import { showFor } from '../../../shared/descriptions/common';
import { fieldMapper, readMappedFields } from '../../../shared/descriptions/fieldMapping';
import { codeLocator } from '../../../shared/descriptions/locators';
import {
	beforeVersion,
	isVersionAtLeast,
	sinceVersion,
} from '../../../shared/descriptions/versioning';
import { MORE_PICKERS_VERSION, PICKERS_VERSION } from '../../versions';
import { createConcurrencyOption } from '../../../shared/descriptions/createConcurrency';
import { requestOperation } from '../../../shared/execution/operations';
import { withStatusHints } from '../../../shared/execution/statusHints';
import { apiPath, unwrapItem } from '../../../shared/transport';
import { requirePathParameter } from '../../../shared/validation/itemInputs';

const mapper = fieldMapper({ what: 'process context', mode: 'map' });
const { resourceMapper } = mapper.typeOptions as { resourceMapper: ResourceMapperTypeOptionsBase };

/**
 * The context fields of the chosen template, read from its scheme (from version 1.2). Mode `map`:
 * the scheme's `required` is not reliable for process context, and a value may as well come from
 * the pairs or the JSON below, so the editor must not demand the mapped ones.
 */
const contextMapper: INodeProperties = {
	...mapper,
	description:
		"Context fields of the process, read from the process template's scheme, each with its type",
	typeOptions: {
		...mapper.typeOptions,
		loadOptionsDependsOn: ['namespace.value', 'processCode.value'],
		resourceMapper: {
			...resourceMapper,
			resourceMapperMethod: 'getProcessContextFields',
		},
	},
};

export const description: INodeProperties[] = showFor('process', 'start', [
	...beforeVersion(PICKERS_VERSION, [
		{
			displayName: 'Namespace',
			name: 'namespace',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'crm',
			description:
				'Code of the section (namespace) of the process template; for a process bound to an application use "section.app"',
		},
		{
			displayName: 'Process Code',
			name: 'processCode',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'approval',
			description: 'Code of the process template to start',
		},
	]),
	...sinceVersion(PICKERS_VERSION, [
		codeLocator({
			displayName: 'Namespace',
			name: 'namespace',
			searchListMethod: 'searchNamespaces',
			placeholder: 'crm',
			description:
				'The section (namespace) of the process template; for a process bound to an application type "section.app" by code',
		}),
		{
			...codeLocator({
				displayName: 'Process Template',
				name: 'processCode',
				searchListMethod: 'searchProcessTemplates',
				placeholder: 'approval',
				description:
					'The process template to start; the list shows the templates of the chosen namespace',
			}),
			typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
		},
	]),
	...sinceVersion(MORE_PICKERS_VERSION, [contextMapper]),
	...contextFields({ what: 'process context' }),
	createConcurrencyOption,
]);

/** Mapped fields (from version 1.2), then the name/value pairs, then the JSON: a later source wins. */
function readStartContext(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const mapped = isVersionAtLeast(ctx, MORE_PICKERS_VERSION)
		? readMappedFields(ctx, itemIndex)
		: {};
	return { ...mapped, ...readContext(ctx, itemIndex) };
}

/** The platform answers with the new instance's context; its `__id` is the instance ID. */
function withInstanceId(response: IDataObject): IDataObject {
	const payload = unwrapItem(response);
	const context = payload.context as IDataObject | undefined;
	const id = context && typeof context === 'object' ? context.__id : undefined;
	return id === undefined ? payload : { instanceId: id, ...payload };
}

/**
 * POST /bpm/template/{namespace}/{code}/run with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/bpm/bpmtemplaterun/); a 429 that outlasts the retries is explained.
 */
export const { execute } = withStatusHints(
	requestOperation({
		method: 'POST',
		path: (ctx, itemIndex) => {
			const namespace = requirePathParameter(ctx, itemIndex, 'namespace', 'Namespace');
			const code = requirePathParameter(ctx, itemIndex, 'processCode', 'Process Code');
			return apiPath`/bpm/template/${namespace}/${code}/run`;
		},
		body: (ctx, itemIndex) => ({ context: readStartContext(ctx, itemIndex) }),
		// Starting twice would run two processes: never repeated after a 5xx, only after a 429.
		idempotent: false,
		output: withInstanceId,
	}),
	{
		429: 'the process start limit of the platform was reached and the retries did not get through: start fewer processes at once or try again later',
	},
);
