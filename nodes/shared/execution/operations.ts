import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { INITIAL_WINDOW } from './congestion';
import { MAX_CONCURRENCY } from './router';

/**
 * Options > Concurrency, for per-item write operations: include it in the operation's description
 * (inside `showFor`). The shared router reads it and keeps at most that many items in flight.
 */
export const concurrencyOption: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY, numberPrecision: 0 },
			default: 1,
			description: `Most items sent to the platform at the same time (1 to ${MAX_CONCURRENCY}). Output order and pairing stay as the input; 1 sends one item after the other. Above 1 the node starts with a few and sends more while the platform keeps up; when it answers 429 or 5xx, or answers ever more slowly, fewer are sent at once until it recovers, and a 429 is sent again after the wait it asks for.`,
		},
	],
};

/**
 * Options > Concurrency's default for operations whose items change different objects (or whose
 * side effects need no order): the ceiling of a congestion window that starts at INITIAL_WINDOW and
 * doubles while the platform keeps up, so a healthy platform gets many requests at once and a
 * throttling one no more than it takes.
 */
export const ADAPTIVE_CEILING = 100;

/**
 * `collection` (`concurrencyOption` or one built on it) with Concurrency defaulting to
 * ADAPTIVE_CEILING, its description saying so. The operation declares the same number as its
 * `defaultConcurrency`; items with the same `orderKey` still go one after the other.
 */
export function adaptiveConcurrency(collection: INodeProperties): INodeProperties {
	const note = `The node starts with ${INITIAL_WINDOW} at a time and doubles while the platform answers quickly, up to this number. Items that change the same object still go one after the other, in input order.`;
	const options = (collection.options as INodeProperties[]).map((option) =>
		option.name === 'concurrency'
			? { ...option, default: ADAPTIVE_CEILING, description: `${option.description} ${note}` }
			: option,
	);
	return { ...collection, options };
}

/**
 * A JSON body that stays on the wire when empty: n8n's HTTP helper drops an empty object, while the
 * platform's POST handlers decode a JSON body, so `{}` is sent as its bytes.
 */
export function jsonBody(body: IDataObject): {
	body: IDataObject | Buffer;
	headers?: Record<string, string>;
} {
	if (Object.keys(body).length > 0) return { body };
	return { body: Buffer.from('{}'), headers: { 'Content-Type': 'application/json' } };
}
