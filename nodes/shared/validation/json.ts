import type { IDataObject } from 'n8n-workflow';
import type { Field, NodeContext } from './errors';
import { invalidInput } from './errors';

/**
 * Deeper JSON is refused: n8n's HTTP client serialises a body recursively, and a body nested some
 * thousands of levels deep overflows the stack there, after validation and far from the field.
 */
export const MAX_JSON_DEPTH = 100;

/** Keys n8n's deep copies (n8n-workflow deepCopy) leave out at any level, so they would be dropped without a word. */
export const DROPPED_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * What keeps a JSON value from being sent as it is: nesting deeper than `limit` levels (walked
 * without recursion; a cycle counts as too deep), or a key n8n drops.
 */
export function unsendable(value: unknown, limit = MAX_JSON_DEPTH): string | undefined {
	const stack: Array<[unknown, number]> = [[value, 1]];
	while (stack.length > 0) {
		const [current, depth] = stack.pop()!;
		if (!current || typeof current !== 'object') continue;
		if (depth > limit) return `a JSON object nested at most ${limit} levels deep`;
		const dropped = DROPPED_KEYS.find((key) => Object.hasOwn(current, key));
		if (dropped !== undefined)
			return `a JSON object without the key "${dropped}" (n8n drops "__proto__", "constructor" and "prototype")`;
		for (const child of Object.values(current)) stack.push([child, depth + 1]);
	}
	return undefined;
}

/**
 * A value as it will be sent (parsed JSON, or an object from an expression), refused naming the
 * field where it is nested too deep or holds a key n8n drops.
 */
export function requireSendable<T>(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: T,
): T {
	const problem = unsendable(value);
	if (problem !== undefined) throw invalidInput(ctx, itemIndex, field, problem, value);
	return value;
}

/** Parses a JSON object parameter (n8n's "json" type may already hand over an object). */
export function requireJsonObject(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: unknown,
): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw invalidInput(ctx, itemIndex, field, 'a JSON object', value);
		}
	}
	// The tag, not instanceof, so that objects from another realm still count; a Date or a Buffer does not.
	if (Object.prototype.toString.call(parsed) !== '[object Object]') {
		throw invalidInput(ctx, itemIndex, field, 'a JSON object', value);
	}
	const problem = unsendable(parsed);
	if (problem !== undefined) throw invalidInput(ctx, itemIndex, field, problem, value);
	return parsed as IDataObject;
}
