import { readPathSegment } from './options';
import { appItemList } from './appItems';
import type { TriggerEventDefinition } from './types';

/** Item Entered a Status: the application's items in the chosen status, by `__updatedAt`. */
export const statusEntered: TriggerEventDefinition = {
	option: {
		name: 'Item Entered a Status',
		value: 'statusEntered',
		action: 'On item entered a status',
		description: 'An item moved into the chosen status',
	},
	watch: (ctx) => {
		const list = appItemList(ctx, '__updatedAt');
		list.body.statusCode = [readPathSegment(ctx, 'statusCode', 'Status')];
		return list;
	},
};
