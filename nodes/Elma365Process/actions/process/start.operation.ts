import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { contextFields, readContext } from '../../../shared/context';
import { showFor } from '../../../shared/descriptions';
import { beforeVersion, codeLocator, sinceVersion } from '../../../shared/locators';
import { requestOperation } from '../../../shared/operations';
import { withStatusHints } from '../../../shared/statusHints';
import { apiPath, unwrapItem } from '../../../shared/transport';
import { requireText } from '../../../shared/validation';

export const description: INodeProperties[] = showFor('process', 'start', [
	...beforeVersion([
		{
			displayName: 'Namespace',
			name: 'namespace',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'crm',
			description: 'Code of the section (namespace) of the process template; for a process bound to an application use "section.app"',
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
	...sinceVersion([
		codeLocator({
			displayName: 'Namespace',
			name: 'namespace',
			searchListMethod: 'searchNamespaces',
			placeholder: 'crm',
			description: 'The section (namespace) of the process template; for a process bound to an application type "section.app" by code',
		}),
		{
			...codeLocator({
				displayName: 'Process Template',
				name: 'processCode',
				searchListMethod: 'searchProcessTemplates',
				placeholder: 'approval',
				description: 'The process template to start; the list shows the templates of the chosen namespace',
			}),
			typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
		},
	]),
	...contextFields({ what: 'process context' }),
]);

/** The platform answers with the new instance's context; its `__id` is the instance ID. */
function withInstanceId(response: IDataObject): IDataObject {
	const payload = unwrapItem(response);
	const context = payload.context as IDataObject | undefined;
	const id = context && typeof context === 'object' ? context.__id : undefined;
	return id === undefined ? payload : { instanceId: id, ...payload };
}

export const { execute } = withStatusHints(
	requestOperation({
		method: 'POST',
		path: (ctx, itemIndex) => {
			const namespace = requireText(ctx, itemIndex, 'Namespace', ctx.getNodeParameter('namespace', itemIndex, '', { extractValue: true })).trim();
			const code = requireText(ctx, itemIndex, 'Process Code', ctx.getNodeParameter('processCode', itemIndex, '', { extractValue: true })).trim();
			return apiPath`/bpm/template/${namespace}/${code}/run`;
		},
		body: (ctx, itemIndex) => ({ context: readContext(ctx, itemIndex) }),
		// Starting twice would run two processes: never repeated after a 5xx, only after a 429.
		idempotent: false,
		output: withInstanceId,
	}),
	{
		429: 'the process start limit of the platform was reached and the retries did not get through: start fewer processes at once or try again later',
	},
);
