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
import * as channel from './actions/channel';
import * as comment from './actions/comment';
import * as message from './actions/message';

export class Elma365Channel implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Channel',
		name: 'elma365Channel',
		icon: { light: 'file:../../icons/channel.svg', dark: 'file:../../icons/channel.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Post messages and comments in ELMA365 channels and read them',
		defaults: { name: 'ELMA365 Channel' },
		builderHint: {
			searchHint:
				"ELMA365 (BRIX365) channels: the company's internal chat/feeds. Use it to post a message or a comment to a channel and to list channels, messages and comments. Get the channel ID from Channel > Get Many (or the picker), a message ID from Message > Get Many. For comments in an application item's activity stream use ELMA365 App > Comment instead.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Comments in the activity stream of an item instead of a channel',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365User',
					relationHint: 'Finds users to mention or address',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365AppTrigger',
					relationHint: 'Posts a message when an item changes',
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
					{ name: 'Channel', value: 'channel', description: 'Channels of the company' },
					{
						name: 'Comment',
						value: 'comment',
						description: 'Comment on a message in a channel',
					},
					{ name: 'Message', value: 'message', description: 'Message in a channel' },
				],
				default: 'message',
			},
			...channel.description,
			...message.description,
			...comment.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
