import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { messageText } from '../../../shared/messages/comment';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { apiRequest } from '../../../shared/transport';
import { channelField, posted, readChannelPath } from '../channelFields';
import { readMessageBody } from './messageBody';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('message', 'create', [
	channelField('to post in'),
	messageText("The message, posted in the channel as the credential's user"),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Files',
				name: 'files',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				description: 'Files attached to the message, as the platform stores them',
				options: [
					{
						displayName: 'File',
						name: 'file',
						values: [
							{
								displayName: 'Hash',
								name: 'hash',
								type: 'string',
								default: '',
								description: "The file's hash in the platform's storage",
							},
							{
								displayName: 'Name',
								name: 'name',
								type: 'string',
								default: '',
								description: 'The file name shown with the message',
							},
							{
								displayName: 'Size',
								name: 'size',
								type: 'number',
								typeOptions: { minValue: 0, numberPrecision: 0 },
								default: 0,
								description: 'The file size in bytes',
							},
						],
					},
				],
			},
			{
				displayName: 'Mentions',
				name: 'mentions',
				type: 'string',
				default: '',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
				description: 'Users to mention, separated by commas',
			},
			{
				displayName: 'Title',
				name: 'title',
				type: 'string',
				default: '',
				description: "The message's title",
			},
		],
	},
	optionsCollection([concurrency(), additionalBody]),
]);

/**
 * POST /channel/{channel}/message {title?, body, mentions?, files?} (reference page
 * https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage); the posted message is the output.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readChannelPath(this, itemIndex, 'message');
	const body = withAdditionalBody(this, itemIndex, readMessageBody(this, itemIndex));
	const response = await apiRequest(this, { method: 'POST', path, body, itemIndex });
	return posted(response, 'message');
}

/** Messages to one channel keep their input order at any Concurrency. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readChannelPath(ctx, itemIndex, 'message');
}
