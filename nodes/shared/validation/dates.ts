import type { IDataObject } from 'n8n-workflow';
import type { Field, InvalidInput } from './values';
import { invalidInput } from './values';

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
	ctx: { getTimezone(): string },
	field: Field,
	value: unknown,
): string {
	const fail = () =>
		invalidInput(field, 'an ISO 8601 date-time such as 2027-01-01T00:00:00Z', value);
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
function inFourDigitYears(instant: number, fail: () => InvalidInput): string {
	const date = new Date(instant);
	const year = date.getUTCFullYear();
	if (Number.isNaN(instant) || year < 0 || year > 9999) throw fail();
	return date.toISOString();
}
