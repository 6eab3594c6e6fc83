import type { INodeProperties } from 'n8n-workflow';
import { INITIAL_WINDOW, ADAPTIVE_CEILING, MAX_CONCURRENCY } from '../limits';
import { jsonEscapeHatchHint } from '../display';

/**
 * The Options collection of an operation, a list or a trigger: `options` in the order given. `name`
 * is `options` but where another Options collection of the node is shown on the same form.
 */
export function optionsCollection(options: INodeProperties[], name = 'options'): INodeProperties {
	return {
		displayName: 'Options',
		name,
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}

/**
 * Options > Concurrency, read by the shared router, which keeps at most that many items in flight.
 * `defaultValue` is the operation's `defaultConcurrency` (1 when it declares none); `note` says what
 * holds for this operation's items. At ADAPTIVE_CEILING the description says how the window grows.
 */
export function concurrency(defaultValue = 1, note?: string): INodeProperties {
	const notes = [
		`Most items sent to the platform at the same time (1 to ${MAX_CONCURRENCY}). Output order and pairing stay as the input; 1 sends one item after the other. Above 1 the node starts with a few and sends more while the platform keeps up; when it answers 429 or 5xx, or answers ever more slowly, fewer are sent at once until it recovers. A 429 (the company's request quota) holds every request until the platform takes them again, then the node sends no more a minute than it took (Request Options > Max Quota Wait).`,
		note,
		defaultValue === ADAPTIVE_CEILING
			? `The node starts with ${INITIAL_WINDOW} at a time and doubles while the platform answers quickly, up to this number. Items that change the same object still go one after the other, in input order.`
			: undefined,
	];
	return {
		displayName: 'Concurrency',
		name: 'concurrency',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY, numberPrecision: 0 },
		default: defaultValue,
		description: notes.filter((text) => text !== undefined).join(' '),
	};
}

/** Concurrency's note for a create with no natural key (no `orderKey`): items run side by side once raised. */
export const CREATED_IN_ANOTHER_ORDER =
	'Above 1 the objects may be created in another order than the input (the output still follows the input).';

/**
 * Options > Additional Body (JSON) of a write whose request is not in the vendor's reference (or
 * only partly): a raw JSON body merged over the form's, for a platform version that names a key
 * otherwise. Read by `withAdditionalBody`.
 */
export const additionalBody: INodeProperties = {
	displayName: 'Additional Body (JSON)',
	name: 'body',
	type: 'json',
	default: '{}',
	description: `${jsonEscapeHatchHint}. Where the request is not in the vendor's reference and your platform version names a key otherwise, send it here.`,
};
