import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { credentialTest, listSearch } from './methods';
import { requestOptions } from '../shared/options/requestOptions';
import * as nomenclatureCase from './actions/case';
import * as directory from './actions/directory';
import * as document from './actions/document';

export class Elma365Nomenclature implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Nomenclature',
		name: 'elma365Nomenclature',
		icon: {
			light: 'file:../../icons/nomenclature.svg',
			dark: 'file:../../icons/nomenclature.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create, update and list nomenclature cases and directories, and read the registrations and document lists of documents in ELMA365',
		defaults: { name: 'ELMA365 Nomenclature' },
		builderHint: {
			searchHint:
				'ELMA365 (BRIX365) records management (nomenclature of cases): create, update and list nomenclature directories and cases, and read the registrations and document lists of a document (an application item). Directory and case IDs come from their Get Many operations or the pickers.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Creates or reads the document items that get registered',
				},
				{ nodeType: 'n8n-nodes-elma365.elma365File', relationHint: 'Uploads the document file' },
			],
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Case',
						value: 'case',
						description: 'Registration case (file) of the nomenclature',
					},
					{ name: 'Directory', value: 'directory', description: 'Nomenclature directory' },
					{
						name: 'Document',
						value: 'document',
						description: 'Document flow of a document: its document lists and registrations',
					},
				],
				default: 'case',
			},
			...nomenclatureCase.description,
			...directory.description,
			...document.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
