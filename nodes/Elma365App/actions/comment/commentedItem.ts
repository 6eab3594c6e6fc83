import type { INodeProperties } from 'n8n-workflow';
import type { ItemKind } from '../../../shared/items/appItems';
import { itemIdFields, locationFields } from '../../../shared/items/appItems';
import { appItems } from '../item/itemKind';

/** An item's comments live in its activity stream: `/feed/{namespace}/{code}/{id}/...`. */
export const itemFeed: ItemKind = { ...appItems, prefix: 'feed', resource: 'comment' };

/** Section, application and item, picked as for the item operations. */
export function commentedItem(purpose: string): INodeProperties[] {
	return [...locationFields(appItems), ...itemIdFields(appItems, purpose)];
}
