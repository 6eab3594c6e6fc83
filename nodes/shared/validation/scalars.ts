import type { Field, NodeContext } from './errors';
import { invalidInput } from './errors';

export function requireOneOf<T extends string>(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: unknown,
	allowed: readonly T[],
): T {
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			`one of ${allowed.map((a) => `"${a}"`).join(', ')}`,
			value,
		);
	}
	return value as T;
}

export function requireInteger(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: unknown,
	{ min }: { min?: number } = {},
): number {
	// Text counts only in decimal digits: Number() would also read "0x10", "0b11", "1e3" and "5.0".
	const number =
		typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
	const ok =
		typeof number === 'number' &&
		Number.isSafeInteger(number) &&
		(min === undefined || number >= min);
	if (!ok) {
		const expected = min === undefined ? 'a whole number' : `a whole number >= ${min}`;
		throw invalidInput(ctx, itemIndex, field, expected, value);
	}
	return number;
}

export function requireBoolean(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: unknown,
): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true') return true;
	if (value === 'false') return false;
	throw invalidInput(ctx, itemIndex, field, 'true or false', value);
}
