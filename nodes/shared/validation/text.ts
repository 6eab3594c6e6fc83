import type { Field, NodeContext } from './errors';
import { invalidInput } from './errors';

/** A lone UTF-16 surrogate: not a character, and what encodeURIComponent refuses with a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is valid Unicode text (String.prototype.isWellFormed, which es2022 lacks). */
export function isWellFormed(value: string): boolean {
	return !LONE_SURROGATE.test(value);
}

/** Whether a text has a control character (CR, LF, NUL, ...): written without a regex, which lint forbids for these. */
export function hasControlCharacter(value: string): boolean {
	for (let index = 0; index < value.length; index++) {
		const code = value.charCodeAt(index);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}

/** A non-empty text (a finite number is taken as its digits), made of valid Unicode characters. */
export function requireText(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: unknown,
): string {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string' || value.trim() === '')
		throw invalidInput(ctx, itemIndex, field, 'a non-empty text', value);
	if (!isWellFormed(value))
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'a text of valid Unicode characters (it has a lone surrogate)',
			value,
		);
	return value;
}
