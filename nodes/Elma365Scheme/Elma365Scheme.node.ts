import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { properties, resourceOptions } from './actions/resources';
import { router } from './actions/router';
import { credentialTest, listSearch } from './methods';
import { requestOptions } from '../shared/options/requestOptions';

export class Elma365Scheme implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Scheme',
		name: 'elma365Scheme',
		icon: { light: 'file:../../icons/scheme.svg', dark: 'file:../../icons/scheme.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Read the schemes of sections, applications, contracts, reports, widgets, modules, solutions, pages and templates in ELMA365, and manage groups and their members',
		defaults: { name: 'ELMA365 Scheme' },
		builderHint: {
			searchHint:
				'ELMA365 (BRIX365) metadata: read the schemes of sections (namespaces), applications, contracts, reports, widgets, modules, solutions, pages, process and document templates, and manage groups and their members. Use it to discover the codes and field codes the other ELMA365 nodes need (Section > Get Many, Application > Get Many, Application > Get for its fields).',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Works on items of an application whose code and fields were found here',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Process',
					relationHint: 'Starts a process template found here',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365User',
					relationHint: 'Finds users to add to a group',
				},
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
				options: resourceOptions,
				default: 'group',
			},
			...properties,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
