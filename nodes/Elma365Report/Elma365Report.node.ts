import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { credentialTest, listSearch, loadOptions } from './methods';
import { requestOptions } from '../shared/options/requestOptions';
import * as item from './actions/item';

export class Elma365Report implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Report',
		name: 'elma365Report',
		icon: { light: 'file:../../icons/report.svg', dark: 'file:../../icons/report.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'List report items in ELMA365',
		defaults: { name: 'ELMA365 Report' },
		builderHint: {
			searchHint:
				'ELMA365 (BRIX365) reports: list the rows of a report (Section + Report code) with filters and sorting, for exports, summaries and dashboards. Read-only.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365Scheme',
					relationHint: 'Lists the reports of a section and their columns',
				},
				{
					nodeType: 'n8n-nodes-base.convertToFile',
					relationHint: 'Turns the report rows into a CSV or spreadsheet file',
				},
				{
					nodeType: 'n8n-nodes-base.scheduleTrigger',
					relationHint: 'Runs the report on a schedule',
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
				options: [{ name: 'Item', value: 'item', description: 'Item (row) of a report' }],
				default: 'item',
			},
			...item.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
