import type { INodeProperties } from 'n8n-workflow';
import { concurrencyOption } from '../execution/operations';

/**
 * Options > Concurrency for a create with no natural key (no `orderKey`): items run side by side
 * once the user raises it, so the platform may create the objects in another order than the input.
 */
export const createConcurrencyOption: INodeProperties = {
	...concurrencyOption,
	options: (concurrencyOption.options as INodeProperties[]).map((option) =>
		option.name === 'concurrency'
			? {
					...option,
					description: `${option.description} Above 1 the objects may be created in another order than the input (the output still follows the input).`,
				}
			: option,
	),
};
