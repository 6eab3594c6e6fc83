import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { readTableFilter } from '../shared/listOptions';
import { readWholeList } from '../shared/pager';
import { apiPath } from '../shared/transport';
import { invalidInput, isUuid } from '../shared/validation';
import type { TriggerEvent } from './description';
import { DEFAULT_LOOKBACK_MINUTES, EVENTS } from './description';

/** At most this many keys are remembered; the oldest go first. */
export const MAX_SEEN = 10_000;

/** What the trigger keeps in the workflow's static data between polls (and restarts). */
export interface TriggerState {
	version: 1;
	/** Which list and event the state belongs to; a change of either starts afresh. */
	source: string;
	/** High-water mark: the newest timestamp seen (ms since epoch), null when nothing was seen yet. */
	mark: number | null;
	/** Keys already emitted (or known at activation), with their timestamps: the lookback window's memory. */
	seen: Record<string, number>;
}

interface Target {
	event: TriggerEvent;
	path: string;
	/** The timestamp the list is sorted and filtered by. */
	field: '__createdAt' | '__updatedAt';
	/** List body without sort, range and paging. */
	body: IDataObject;
	lookbackMs: number;
	fireForExisting: boolean;
}

function text(ctx: IPollFunctions, name: string, label: string): string {
	// Pickers hold {mode, value}; a plain string (typed by hand or from an expression) is taken as is.
	const value = ctx.getNodeParameter(name, '', { extractValue: true });
	const result = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (result === '') throw invalidInput(ctx, undefined, label, 'a non-empty text', value);
	// "." and ".." cannot stay in a path segment: URL parsers resolve even "%2E%2E".
	if (result === '.' || result === '..') throw invalidInput(ctx, undefined, label, 'a code or ID (not "." or "..", which would change the address)', value);
	return result;
}

/** Reads and validates the parameters; nothing is requested before this succeeds. */
function readTarget(ctx: IPollFunctions): Target {
	const event = ctx.getNodeParameter('event', 'newItem') as TriggerEvent;
	if (!EVENTS.includes(event)) throw invalidInput(ctx, undefined, 'Event', EVENTS.map((e) => `"${e}"`).join(', '), event);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;

	const lookback = options.lookbackMinutes ?? DEFAULT_LOOKBACK_MINUTES;
	if (typeof lookback !== 'number' || !Number.isFinite(lookback) || lookback < 0) {
		throw invalidInput(ctx, undefined, 'Lookback Window (Minutes)', 'a number >= 0', lookback);
	}

	const tf = readTableFilter(options.tableFilter, (field, expected, value) => invalidInput(ctx, undefined, field, expected, value));
	const filter: IDataObject = {};
	if (Object.keys(tf).length > 0) filter.tf = tf;
	if (typeof options.eql === 'string' && options.eql.trim() !== '') filter.eql = { query: options.eql.trim() };

	const body: IDataObject = {};
	let path: string;
	let field: Target['field'] = '__createdAt';
	if (event === 'newInstance') {
		const templateId = text(ctx, 'templateId', 'Template ID');
		if (!isUuid(templateId)) throw invalidInput(ctx, undefined, 'Template ID', 'a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6', templateId);
		path = apiPath`/bpm/instance/bytemplateid/${templateId}/list`;
	} else {
		const namespace = text(ctx, 'namespace', 'Section Code');
		const application = text(ctx, 'application', 'Application Code');
		path = `/app${apiPath`/${namespace}/${application}`}/list`;
		body.active = true;
		if (event !== 'newItem') field = '__updatedAt';
		if (event === 'statusEntered') body.statusCode = [text(ctx, 'statusCode', 'Status')];
	}
	if (Object.keys(filter).length > 0) body.filter = filter;
	return { event, path, field, body, lookbackMs: lookback * 60_000, fireForExisting: options.fireForExisting === true };
}

function withRange(target: Target, min: number | null): IDataObject {
	if (min === null) return { ...target.body };
	const filter = (target.body.filter ?? {}) as IDataObject;
	const tf = { ...((filter.tf ?? {}) as IDataObject), [target.field]: { min: isoTime(min), max: null } };
	return { ...target.body, filter: { ...filter, tf } };
}

/** The platform's date form (`YYYY-MM-DDTHH:mm:ssZ`), with milliseconds only when there are some. */
export function isoTime(ms: number): string {
	return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function timeOf(item: IDataObject, field: string): number | undefined {
	const value = item[field];
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const ms = typeof value === 'number' ? value : Date.parse(value);
	return Number.isFinite(ms) ? ms : undefined;
}

/**
 * What makes one event: the item for "new", the item's change (id and __updatedAt) for "updated",
 * the item for "entered a status" (remembered beyond the window, so edits while it stays there do not fire).
 */
function keyOf(target: Target, item: IDataObject): string | undefined {
	const id = item.__id;
	if (typeof id !== 'string' || id === '') return undefined;
	return target.event === 'updatedItem' ? `${id}@${String(item[target.field])}` : id;
}

async function list(ctx: IPollFunctions, target: Target, body: IDataObject, ascending: boolean, limit?: number) {
	return await readWholeList(ctx, {
		method: 'POST',
		path: target.path,
		paging: 'body',
		body: { ...body, sortExpressions: [{ field: target.field, ascending }] },
		limit,
		idempotent: true,
	});
}

function readState(stored: IDataObject, source: string): TriggerState | undefined {
	if (stored.version !== 1 || stored.source !== source) return undefined;
	const mark = typeof stored.mark === 'number' ? stored.mark : null;
	const seen = stored.seen && typeof stored.seen === 'object' ? { ...(stored.seen as Record<string, number>) } : {};
	return { version: 1, source, mark, seen };
}

/** Forgets keys older than the window (except for status entries) and keeps at most MAX_SEEN, newest first. */
function prune(target: Target, state: TriggerState): void {
	let entries = Object.entries(state.seen);
	if (target.event !== 'statusEntered' && state.mark !== null) {
		const floor = state.mark - target.lookbackMs;
		entries = entries.filter(([, ms]) => ms >= floor);
	}
	if (entries.length > MAX_SEEN) entries = entries.sort((a, b) => b[1] - a[1]).slice(0, MAX_SEEN);
	state.seen = Object.fromEntries(entries);
}

/** Adds the items not seen yet to the state; returns them in the order the platform listed them. */
function absorb(target: Target, state: TriggerState, items: IDataObject[]): IDataObject[] {
	const fresh: IDataObject[] = [];
	const floor = state.mark === null ? -Infinity : state.mark - target.lookbackMs;
	for (const item of items) {
		const ms = timeOf(item, target.field);
		const key = keyOf(target, item);
		if (ms === undefined || key === undefined) continue;
		// A server that ignored the range would send older items again: they are outside the window.
		if (ms < floor) continue;
		if (key in state.seen) continue;
		state.seen[key] = ms;
		fresh.push(item);
	}
	for (const ms of Object.values(state.seen)) {
		if (state.mark === null || ms > state.mark) state.mark = ms;
	}
	prune(target, state);
	return fresh;
}

export async function poll(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const target = readTarget(ctx);

	if (ctx.getMode() === 'manual') {
		const newest = await list(ctx, target, target.body, false, 1);
		return newest.length > 0 ? [ctx.helpers.returnJsonArray(newest)] : null;
	}

	const stored = ctx.getWorkflowStaticData('node');
	const source = `${target.event} ${target.path} ${JSON.stringify(target.body)}`;
	let state = readState(stored, source);
	let emit = true;
	if (state === undefined) {
		state = { version: 1, source, mark: null, seen: {} };
		if (!target.fireForExisting) {
			// First activation: remember where history ends without replaying it.
			emit = false;
			if (target.event !== 'statusEntered') {
				const [newest] = await list(ctx, target, target.body, false, 1);
				if (newest === undefined) {
					Object.assign(stored, state);
					return null;
				}
				state.mark = timeOf(newest, target.field) ?? null;
			}
		}
	}

	// Everything since the mark less the window, oldest first, every page within this one poll.
	const min = state.mark === null ? null : state.mark - target.lookbackMs;
	const items = await list(ctx, target, withRange(target, min), true);
	const fresh = absorb(target, state, items);

	// Only now, with every request done, does the state move on: a failed poll leaves it as it was.
	for (const key of Object.keys(stored)) delete stored[key];
	Object.assign(stored, state);
	if (!emit || fresh.length === 0) return null;
	return [ctx.helpers.returnJsonArray(fresh)];
}
