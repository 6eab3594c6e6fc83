import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uuidLocator, readUuidLocator } from '../../shared/pickers/locators';
import { apiPath, unwrapItem } from '../../shared/transport';

/** The channel, picked from the channels the credential's user sees or typed as an ID. */
export function channelField(purpose: string): INodeProperties {
	return uuidLocator({
		displayName: 'Channel',
		name: 'channelId',
		searchListMethod: 'searchChannels',
		description: `The channel ${purpose}`,
	});
}

/** The channel, then one of its messages (picked from the channel's messages or typed as an ID). */
export function channelMessageFields(purpose: string): INodeProperties[] {
	const message = uuidLocator({
		displayName: 'Message',
		name: 'messageId',
		searchListMethod: 'searchChannelMessages',
		description: `The message ${purpose}; the list shows the chosen channel's messages`,
	});
	message.typeOptions = { loadOptionsDependsOn: ['channelId.value'] };
	return [channelField('the message is in'), message];
}

/** `/channel/{channel}/{action}`, the channel ID validated and encoded. */
export function readChannelPath(ctx: IExecuteFunctions, itemIndex: number, action: string): string {
	const channel = readUuidLocator(ctx, itemIndex, 'channelId', 'Channel ID', 'searchChannels');
	return `${apiPath`/channel/${channel}`}/${action}`;
}

/** `/channel/{channel}/message/{id}/{action}`, both IDs validated and encoded. */
export function readChannelMessagePath(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
): string {
	const messageId = readUuidLocator(
		ctx,
		itemIndex,
		'messageId',
		'Message ID',
		'searchChannelMessages',
	);
	return readChannelPath(ctx, itemIndex, `${apiPath`message/${messageId}`}/${action}`);
}

/** What the platform answers to a post: the object under `key`, else the answer unwrapped. */
export function posted(response: IDataObject, key: string): IDataObject {
	const value = response[key];
	return value && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: unwrapItem(response);
}
