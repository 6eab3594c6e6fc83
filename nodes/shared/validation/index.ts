import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { shownValue } from './shown';

export { shownText, shownValue } from './shown';

/**
 * What a validator needs of n8n's context: the node its errors name. An execution and a trigger's
 * poll both have it; the item index is left out where there are no items (a poll).
 */
export interface NodeContext {
	getNode(): INode;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value);
}

/** A lone UTF-16 surrogate: not a character, and what encodeURIComponent refuses with a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is valid Unicode text (String.prototype.isWellFormed, which es2022 lacks). */
export function isWellFormed(value: string): boolean {
	return !LONE_SURROGATE.test(value);
}

/** The error every validator throws: names the field, the item, what was expected and what came. */
export function invalidInput(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: string,
	expected: string,
	value: unknown,
): NodeOperationError {
	// A trigger's poll has no items: its errors name the field only.
	const where = itemIndex === undefined ? '' : ` in item ${itemIndex}`;
	return new NodeOperationError(
		ctx.getNode(),
		`Invalid "${field}"${where}: expected ${expected}, got ${shownValue(value)}`,
		{ itemIndex },
	);
}

export function requireUuid(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (!isUuid(text))
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			value,
		);
	return text;
}

/** A non-empty text (a finite number is taken as its digits), made of valid Unicode characters. */
export function requireText(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: string,
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

/**
 * A code or ID that fills one path segment, trimmed. "." and ".." are refused: no encoding keeps
 * them in their segment, since URL parsers (WHATWG, so axios) resolve "%2E%2E" as "..".
 */
export function requirePathSegment(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): string {
	const text = requireText(ctx, itemIndex, field, value).trim();
	const problem = segmentProblem(text);
	if (problem !== undefined) throw invalidInput(ctx, itemIndex, field, problem, value);
	return text;
}

/**
 * The longest code or ID sent as a path segment. The platform states no limit; its codes are short
 * (`crm.deals`, `_system_catalogs`), and a longer one only makes an address servers refuse (414).
 */
export const MAX_SEGMENT_CHARS = 255;

/** Why a trimmed code or ID cannot be one path segment (what is expected instead); undefined when it can. */
function segmentProblem(text: string): string | undefined {
	if (text === '.' || text === '..')
		return 'a code or ID (not "." or "..", which would change the address)';
	if (text.length > MAX_SEGMENT_CHARS)
		return `a code or ID of at most ${MAX_SEGMENT_CHARS} characters`;
	if (text.includes('/')) return 'a code or ID without "/"';
	if (hasControlCharacter(text))
		return 'a code or ID without control characters (line breaks, tabs, ...)';
	return undefined;
}

export function requireOneOf<T extends string>(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: string,
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
	field: string,
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
	field: string,
	value: unknown,
): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true') return true;
	if (value === 'false') return false;
	throw invalidInput(ctx, itemIndex, field, 'true or false', value);
}

/** The UTC instant of calendar fields; setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999. */
function utcInstant(
	year: number,
	monthIndex: number,
	day: number,
	hour: number,
	minute: number,
	second: number,
	ms = 0,
): number {
	const date = new Date(0);
	date.setUTCFullYear(year, monthIndex, day);
	date.setUTCHours(hour, minute, second, ms);
	return date.getTime();
}

/** Minutes east of UTC that `timeZone` is at `instant`. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		era: 'short',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	// Intl counts years before 1 as 1 BC, 2 BC, ...: the year 0 of ISO 8601 is 1 BC.
	const year =
		parts.find((p) => p.type === 'era')?.value === 'BC' ? 1 - part('year') : part('year');
	const asUtc = utcInstant(
		year,
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Returns an ISO 8601 date-time in UTC. A value without a zone (as n8n's date picker gives) is read
 * in the workflow's time zone; Luxon DateTime and JS Date values from expressions are accepted too.
 */
export function requireDateTime(
	ctx: NodeContext & { getTimezone(): string },
	itemIndex: number | undefined,
	field: string,
	value: unknown,
): string {
	const fail = () =>
		invalidInput(
			ctx,
			itemIndex,
			field,
			'an ISO 8601 date-time such as 2027-01-01T00:00:00Z',
			value,
		);
	if (value instanceof Date) return inFourDigitYears(value.getTime(), fail);
	let text = value;
	if (value && typeof value === 'object' && typeof (value as IDataObject).toISO === 'function') {
		try {
			text = (value as { toISO: () => unknown }).toISO();
		} catch {
			throw fail();
		}
	}
	if (typeof text !== 'string') throw fail();
	const match = ISO_DATE_TIME.exec(text.trim());
	if (!match) throw fail();
	const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '0', zone] = match;
	const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
	const wallClock = utcInstant(...fields, Math.floor(Number(`0.${frac}`) * 1000));
	const date = new Date(wallClock);
	if (
		date.getUTCFullYear() !== fields[0] ||
		date.getUTCMonth() !== fields[1] ||
		date.getUTCDate() !== fields[2] ||
		fields[3] > 23 ||
		fields[4] > 59 ||
		fields[5] > 59
	) {
		throw fail();
	}
	let offsetMinutes: number;
	if (zone === undefined) {
		const timeZone = ctx.getTimezone();
		offsetMinutes = zoneOffsetMinutes(wallClock, timeZone);
		// Around a DST change the offset at the local instant may differ from the one at wall-clock-as-UTC.
		offsetMinutes = zoneOffsetMinutes(wallClock - offsetMinutes * 60000, timeZone);
	} else if (zone.toUpperCase() === 'Z') {
		offsetMinutes = 0;
	} else {
		const digits = zone.replace(':', '');
		const [hours, minutes] = [Number(digits.slice(1, 3)), Number(digits.slice(3, 5))];
		if (hours > 23 || minutes > 59) throw fail();
		offsetMinutes = (digits.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
	}
	return inFourDigitYears(wallClock - offsetMinutes * 60000, fail);
}

/** The ISO form of an instant, refused outside the years 0000-9999 (toISOString writes "+010000-..." there). */
function inFourDigitYears(instant: number, fail: () => NodeOperationError): string {
	const date = new Date(instant);
	const year = date.getUTCFullYear();
	if (Number.isNaN(instant) || year < 0 || year > 9999) throw fail();
	return date.toISOString();
}

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
	field: string,
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
	field: string,
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

export interface FileMeta {
	fileName: string;
	mimeType: string;
}

/** Whether a text has a control character (CR, LF, NUL, ...): written without a regex, which lint forbids for these. */
export function hasControlCharacter(value: string): boolean {
	for (let index = 0; index < value.length; index++) {
		const code = value.charCodeAt(index);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}

/**
 * The file name and MIME type of an item's binary data, which go into the headers of a multipart
 * part: a MIME type with a line break would add headers (or body bytes) of its own there, and a
 * name that is not valid Unicode cannot be encoded. Blank ones take the defaults.
 */
export function requireFileMeta(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: string,
	meta: { fileName?: unknown; mimeType?: unknown },
	defaultName: string,
): FileMeta {
	const blank = (value: unknown) => value === undefined || value === null || value === '';
	const { fileName, mimeType } = meta;
	if (!blank(fileName) && (typeof fileName !== 'string' || !isWellFormed(fileName))) {
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'binary data whose file name is a text of valid Unicode characters',
			fileName,
		);
	}
	if (
		!blank(mimeType) &&
		(typeof mimeType !== 'string' || hasControlCharacter(mimeType) || !isWellFormed(mimeType))
	) {
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'binary data whose MIME type is one line, such as application/pdf',
			mimeType,
		);
	}
	return {
		fileName: blank(fileName) ? defaultName : (fileName as string),
		mimeType:
			blank(mimeType) || (mimeType as string).trim() === ''
				? 'application/octet-stream'
				: (mimeType as string).trim(),
	};
}
