/**
 * A list answer for the trigger's suites that honours what the trigger sends: `statusCode`,
 * table-filter ranges (`{min, max}` on dates), `sortExpressions`, then from/size paging. The
 * harness's shared app and bpm list routes ignore ranges and sorting, which the trigger relies on,
 * so these suites script this handler in front of them. It checks the key like the platform does.
 */
import type { Platform, RecordedRequest, Reply } from '../harness/index.ts';
import { fail, page } from '../harness/index.ts';
import { DEFAULT_STATUSES } from '../harness/routes/app.ts';

export type Row = Record<string, unknown>;

export interface ListDouble {
	/** Rows of the list, in insertion order. */
	rows: Row[];
	/** When set and it returns a reply for a request, that reply is sent instead (one fault per call). */
	fault?: (body: Row) => Reply | undefined;
}

const ms = (value: unknown) => Date.parse(String(value));

function answer(double: ListDouble, request: RecordedRequest, apiKey: string): Reply {
	if (request.headers.authorization !== `Bearer ${apiKey}`)
		return fail(403, 'access denied: invalid token');
	const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Row;
	const faulty = double.fault?.(body);
	if (faulty) return faulty;
	let rows = [...double.rows];
	if (body.active === true) rows = rows.filter((row) => !row.__deletedAt);
	if (Array.isArray(body.statusCode)) {
		const ids = DEFAULT_STATUSES.statusItems
			.filter((s) => (body.statusCode as string[]).includes(s.code))
			.map((s) => s.id);
		rows = rows.filter((row) =>
			ids.includes((row.__status as { status?: number } | undefined)?.status ?? -1),
		);
	}
	const tf = ((body.filter ?? {}) as Row).tf as
		| Record<string, { min?: unknown; max?: unknown }>
		| undefined;
	for (const [field, range] of Object.entries(tf ?? {})) {
		if (!range || typeof range !== 'object') continue;
		if (range.min !== null && range.min !== undefined)
			rows = rows.filter((row) => ms(row[field]) >= ms(range.min));
		if (range.max !== null && range.max !== undefined)
			rows = rows.filter((row) => ms(row[field]) <= ms(range.max));
	}
	const [sort] = (body.sortExpressions ?? []) as Array<{ field: string; ascending: boolean }>;
	if (sort)
		rows.sort((a, b) => (ms(a[sort.field]) - ms(b[sort.field])) * (sort.ascending ? 1 : -1));
	return page(rows, body);
}

/** Scripts the list at `path` (e.g. /pub/v1/app/crm/requests/list) for the rest of the test. */
export function scriptList(platform: Platform, path: string): ListDouble {
	const double: ListDouble = { rows: [] };
	platform.script('POST', path, (request) => answer(double, request, platform.apiKey), Infinity);
	return double;
}
