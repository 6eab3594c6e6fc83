import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value);
}

function shown(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
	if (value === undefined) return 'nothing';
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}

/** The error every validator throws: names the field, the item, what was expected and what came. */
export function invalidInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	expected: string,
	value: unknown,
): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`Invalid "${field}" in item ${itemIndex}: expected ${expected}, got ${shown(value)}`,
		{ itemIndex },
	);
}

export function requireUuid(ctx: IExecuteFunctions, itemIndex: number, field: string, value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (!isUuid(text)) throw invalidInput(ctx, itemIndex, field, 'a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6', value);
	return text;
}

export function requireText(ctx: IExecuteFunctions, itemIndex: number, field: string, value: unknown): string {
	if (typeof value === 'number') return String(value);
	if (typeof value !== 'string' || value.trim() === '') throw invalidInput(ctx, itemIndex, field, 'a non-empty text', value);
	return value;
}

export function requireOneOf<T extends string>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
	allowed: readonly T[],
): T {
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
		throw invalidInput(ctx, itemIndex, field, `one of ${allowed.map((a) => `"${a}"`).join(', ')}`, value);
	}
	return value as T;
}

export function requireInteger(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
	{ min }: { min?: number } = {},
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	const ok = typeof number === 'number' && Number.isSafeInteger(number) && (min === undefined || number >= min);
	if (!ok) {
		const expected = min === undefined ? 'a whole number' : `a whole number >= ${min}`;
		throw invalidInput(ctx, itemIndex, field, expected, value);
	}
	return number;
}

export function requireBoolean(ctx: IExecuteFunctions, itemIndex: number, field: string, value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true') return true;
	if (value === 'false') return false;
	throw invalidInput(ctx, itemIndex, field, 'true or false', value);
}

/** Minutes east of UTC that `timeZone` is at `instant`. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Returns an ISO 8601 date-time in UTC. A value without a zone (as n8n's date picker gives) is read
 * in the workflow's time zone; Luxon DateTime and JS Date values from expressions are accepted too.
 */
export function requireDateTime(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): string {
	const fail = () => invalidInput(ctx, itemIndex, field, 'an ISO 8601 date-time such as 2027-01-01T00:00:00Z', value);
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw fail();
		return value.toISOString();
	}
	const text = value && typeof value === 'object' && typeof (value as IDataObject).toISO === 'function'
		? String((value as { toISO: () => string }).toISO())
		: value;
	if (typeof text !== 'string') throw fail();
	const match = ISO_DATE_TIME.exec(text.trim());
	if (!match) throw fail();
	const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '0', zone] = match;
	const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
	const wallClock = Date.UTC(...fields, Math.floor(Number(`0.${frac}`) * 1000));
	const check = new Date(wallClock);
	if (
		check.getUTCFullYear() !== fields[0] ||
		check.getUTCMonth() !== fields[1] ||
		check.getUTCDate() !== fields[2] ||
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
		const sign = digits.startsWith('-') ? -1 : 1;
		offsetMinutes = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
	}
	return new Date(wallClock - offsetMinutes * 60000).toISOString();
}

/** Parses a JSON object parameter (n8n's "json" type may already hand over an object). */
export function requireJsonObject(
	ctx: IExecuteFunctions,
	itemIndex: number,
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
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw invalidInput(ctx, itemIndex, field, 'a JSON object', value);
	}
	return parsed as IDataObject;
}
