import type { INodeProperties } from 'n8n-workflow';
import type { ItemArea } from '../../../shared/items/appItems';
import { itemIdFields, locationFields } from '../../../shared/items/appItems';
import { appItems } from '../item/area';

/** An item's comments live in its activity stream: `/feed/{namespace}/{code}/{id}/...`. */
export const itemFeed: ItemArea = { ...appItems, prefix: 'feed', resource: 'comment' };

/** Section, application and item, picked as for the item operations. */
export function commentedItem(purpose: string): INodeProperties[] {
	return [...locationFields(appItems), ...itemIdFields(appItems, purpose)];
}
