import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
import { readItemPath } from '../../../shared/items/appItems';
import { apiPath, unwrapItem } from '../../../shared/transport';
import { commentedItem, itemFeed } from './commentedItem';

/** Section, application and item, then the message in the item's activity stream. */
export function commentedMessage(purpose: string): INodeProperties[] {
	const message = uuidLocator({
		displayName: 'Message',
		name: 'messageId',
		searchListMethod: 'searchItemMessages',
		description: `The message in the item's activity stream ${purpose}; the list shows the chosen item's messages`,
	});
	message.typeOptions = {
		loadOptionsDependsOn: ['namespace.value', 'application.value', 'itemId.value'],
	};
	return [...commentedItem('whose activity stream holds the message'), message];
}

/** `/feed/{namespace}/{code}/{target}/message/{id}/{action}`, every part validated and encoded. */
export function readMessagePath(ctx: IExecuteFunctions, itemIndex: number, action: string): string {
	const messageId = readUuidLocator(
		ctx,
		itemIndex,
		'messageId',
		'Message ID',
		'searchItemMessages',
	);
	return readItemPath(ctx, itemIndex, itemFeed, `${apiPath`message/${messageId}`}/${action}`);
}

/** What the platform answers to a posted comment: the object under `comment` (or `message`), else the answer. */
export function postedComment(response: IDataObject): IDataObject {
	for (const key of ['comment', 'message']) {
		const value = response[key];
		if (value && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
	}
	return unwrapItem(response);
}
