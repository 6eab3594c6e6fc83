import { appItemList } from './appItems';
import type { TriggerEventDefinition } from './types';

/** New Application Item: the application's list by `__createdAt`, once per item. */
export const newItem: TriggerEventDefinition = {
	option: {
		name: 'New Application Item',
		value: 'newItem',
		action: 'On new item',
		description: 'An item was created (by its __createdAt)',
	},
	watch: (ctx) => appItemList(ctx, '__createdAt'),
};
