import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { codeLocator } from '../../../shared/pickers/locators';
import { apiPath } from '../../../shared/transport';
import {
	invalidInput,
	parameterField,
	requireOneOf,
	requirePathSegment,
} from '../../../shared/validation';
import { requirePathParameter } from '../../../shared/validation/values';

/** The platform's three storages: the company's, a section's and an application's. */
const SCOPES = ['system', 'section', 'application'] as const;

/** Where the key lives and the key itself: the parameters every operation of an entry shows. */
export const entryFields: INodeProperties[] = [
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{
				name: 'Application',
				value: 'application',
				description: "An application's storage (/storage/{section}/{application}/{key})",
			},
			{
				name: 'Section',
				value: 'section',
				description: "A section's storage (/storage/{section}/{key})",
			},
			{
				name: 'System',
				value: 'system',
				description: "The company's system storage (/storage/system/{key})",
			},
		],
		default: 'system',
		description: 'Which storage the key belongs to',
	},
	{
		...codeLocator({
			displayName: 'Section',
			name: 'namespace',
			searchListMethod: 'searchNamespaces',
			placeholder: 'crm',
			description: 'The section (namespace) whose storage holds the key',
		}),
		displayOptions: { show: { scope: ['section', 'application'] } },
	},
	{
		...codeLocator({
			displayName: 'Application',
			name: 'application',
			searchListMethod: 'searchApplications',
			placeholder: 'deals',
			description:
				'The application whose storage holds the key; the list shows the applications of the chosen section',
		}),
		typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
		displayOptions: { show: { scope: ['application'] } },
	},
	{
		displayName: 'Key',
		name: 'key',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'last_sync',
		description:
			'The key of the value; sent as one path segment (any character, spaces around it dropped)',
	},
];

/** The Key parameter: a non-empty text, neither "." nor "..". */
export function readKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return requirePathSegment(
		parameterField('key', 'Key'),
		ctx.getNodeParameter('key', itemIndex, ''),
	);
}

/**
 * The entry's address in its scope; the scopes differ only by path. A section coded "system"
 * cannot be addressed: `/storage/system/{key}` is the system storage.
 */
export function entryPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const scope = requireOneOf('Scope', ctx.getNodeParameter('scope', itemIndex, 'system'), SCOPES);
	const key = readKey(ctx, itemIndex);
	if (scope === 'system') return apiPath`/storage/system/${key}`;
	const namespace = requirePathParameter(ctx, itemIndex, 'namespace', 'Section');
	if (scope === 'section') {
		if (namespace === 'system')
			throw invalidInput(
				'Section',
				'a section code other than "system" (that path is the system storage: choose Scope System)',
				namespace,
			);
		return apiPath`/storage/${namespace}/${key}`;
	}
	const application = requirePathParameter(ctx, itemIndex, 'application', 'Application');
	return apiPath`/storage/${namespace}/${application}/${key}`;
}
