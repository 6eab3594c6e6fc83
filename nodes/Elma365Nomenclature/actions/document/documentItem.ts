import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { codeLocator, uuidLocatorWithUrl, readUuidLocator } from '../../../shared/pickers/locators';
import { apiPath } from '../../../shared/transport';
import { requirePathParameter } from '../../../shared/validation/values';

/**
 * The document whose document flow is read: an item of a document application, addressed by its
 * section, application and ID, each picked from the platform's lists or typed.
 */
export const documentItemFields: INodeProperties[] = [
	codeLocator({
		displayName: 'Section',
		name: 'namespace',
		searchListMethod: 'searchNamespaces',
		placeholder: 'docs',
		description: 'The section (namespace) the document application belongs to',
	}),
	{
		...codeLocator({
			displayName: 'Application',
			name: 'application',
			searchListMethod: 'searchApplications',
			placeholder: 'contracts',
			description:
				'The document application; the list shows the applications of the chosen section',
		}),
		typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
	},
	{
		...uuidLocatorWithUrl({
			displayName: 'Document',
			name: 'itemId',
			searchListMethod: 'searchItems',
			description: 'The document (application item); the list shows the items of the application',
			urlExample:
				'https://mycompany.elma365.ru/docs/contracts(p:item/docs/contracts/3fa85f64-5717-4562-b3fc-2c963f66afa6)',
		}),
		typeOptions: { loadOptionsDependsOn: ['namespace.value', 'application.value'] },
	},
];

/** `/{namespace}/{code}/{id}` of the document, each value checked and encoded as one segment. */
export function readDocumentPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const namespace = requirePathParameter(ctx, itemIndex, 'namespace', 'Section');
	const application = requirePathParameter(ctx, itemIndex, 'application', 'Application');
	const id = readUuidLocator(ctx, itemIndex, 'itemId', 'Document');
	return apiPath`/${namespace}/${application}/${id}`;
}
