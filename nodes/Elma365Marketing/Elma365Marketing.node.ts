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
import * as segment from './actions/segment';
import * as subscriber from './actions/subscriber';

export class Elma365Marketing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Marketing',
		name: 'elma365Marketing',
		icon: { light: 'file:../../icons/marketing.svg', dark: 'file:../../icons/marketing.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage marketing segments and their subscribers in ELMA365',
		defaults: { name: 'ELMA365 Marketing' },
		builderHint: {
			searchHint:
				"ELMA365 (BRIX365) marketing: static segments and their subscribers. Use it to create, get and list segments, list subscribers, list a segment's subscribers and add or remove subscribers (by subscriber __id from Subscriber > Get Many).",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Reads the client items a mailing list is built from',
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
				options: [
					{ name: 'Segment', value: 'segment', description: 'Static segment of subscribers' },
					{ name: 'Subscriber', value: 'subscriber', description: 'Marketing subscriber' },
				],
				default: 'segment',
			},
			...segment.description,
			...subscriber.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
