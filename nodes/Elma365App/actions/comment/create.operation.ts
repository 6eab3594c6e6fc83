import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readItemPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/display';
import {
	messageText,
	messageTitleFields,
	readMessageTitle,
} from '../../../shared/messages/comment';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { parameterField, requireText } from '../../../shared/validation';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { commentedItem, itemFeed } from './commentedItem';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('comment', 'create', [
	...commentedItem('to comment on'),
	messageText("The comment, posted in the item's activity stream as the credential's user"),
	messageTitleFields,
	optionsCollection([concurrency(), additionalBody]),
]);

/**
 * POST /feed/{namespace}/{code}/{id}/message {title?, body}, as `kigmixelson/alarm-manager-server`
 * posts it (`alarm_manager_server/plugins/elma.py`); the message the platform answers is the output.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, itemFeed, 'message');
	const body = withAdditionalBody(this, itemIndex, {
		...readMessageTitle(this, itemIndex),
		body: requireText(parameterField('text', 'Text'), this.getNodeParameter('text', itemIndex)),
	});
	const response = await apiRequest(this, { method: 'POST', path, body, itemIndex });
	return response.message && typeof response.message === 'object'
		? (response.message as IDataObject)
		: unwrapItem(response);
}
