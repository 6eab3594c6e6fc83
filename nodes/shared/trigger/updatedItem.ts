import { appItemList } from './appItems';
import type { TriggerEventDefinition } from './types';

/** Updated Application Item: the application's list by `__updatedAt`, once per change. */
export const updatedItem: TriggerEventDefinition = {
	option: {
		name: 'Updated Application Item',
		value: 'updatedItem',
		action: 'On updated item',
		description: 'An item was created or changed (by its __updatedAt); fires once per change',
	},
	watch: (ctx) => appItemList(ctx, '__updatedAt'),
};
