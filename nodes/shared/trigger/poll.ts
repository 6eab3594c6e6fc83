import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { clock } from '../flow';
import { readWholeList } from '../lists/pager';
import { explainNotFoundWithCodes } from '../pickers/notFound';
import type { WatchedList } from './events';

/**
 * At most this many keys are remembered. Past it the oldest go, and the floor rises to their
 * timestamp: nothing at or below the floor is emitted again, so a forgotten key cannot fire twice.
 */
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
	/**
	 * Raised only when more than MAX_SEEN keys fall inside the window: the newest timestamp of the
	 * keys that had to be forgotten. Items at or below it are never emitted (absent: none yet).
	 */
	floor?: number;
}

/** The list body that asks only for entries stamped at or after `min` (all of them when null). */
function withRange(watched: WatchedList, min: number | null): IDataObject {
	if (min === null) return { ...watched.body };
	const filter = (watched.body.filter ?? {}) as IDataObject;
	const tf = {
		...((filter.tf ?? {}) as IDataObject),
		[watched.rangeField]: { min: isoTime(min), max: null },
	};
	return { ...watched.body, filter: { ...filter, tf } };
}

/** The platform's date form (`YYYY-MM-DDTHH:mm:ssZ`), with milliseconds only when there are some. */
export function isoTime(ms: number): string {
	return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** An entry's timestamp in `field` (ms since epoch); undefined where it has none that reads as a date. */
function timestampOf(item: IDataObject, field: string): number | undefined {
	const value = item[field];
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const ms = typeof value === 'number' ? value : Date.parse(value);
	return Number.isFinite(ms) ? ms : undefined;
}

/**
 * What makes one event: the item for "new", the item's change (id and __updatedAt) for "updated",
 * the item for "entered a status" (remembered beyond the window, so edits while it stays there do not fire).
 */
function eventKey(watched: WatchedList, item: IDataObject): string | undefined {
	const id = item.__id;
	if (typeof id !== 'string' || id === '') return undefined;
	return watched.event === 'updatedItem' ? `${id}@${String(item[watched.field])}` : id;
}

/**
 * The watched list with `body`, sorted by its range field, every page (or the first `limit` rows);
 * a 404 on a list named by codes names the fields they came from.
 */
async function readSorted(
	ctx: IPollFunctions,
	watched: WatchedList,
	body: IDataObject,
	ascending: boolean,
	limit?: number,
) {
	try {
		return await readWholeList(ctx, {
			method: 'POST',
			path: watched.path,
			paging: 'body',
			body: { ...body, sortExpressions: [{ field: watched.rangeField, ascending }] },
			limit,
			idempotent: true,
		});
	} catch (error) {
		throw await explainNotFoundWithCodes(error, ctx);
	}
}

/** The stored state where it belongs to this list and event; undefined to start afresh. */
function readState(stored: IDataObject, source: string): TriggerState | undefined {
	if (stored.version !== 1 || stored.source !== source) return undefined;
	const mark = typeof stored.mark === 'number' ? stored.mark : null;
	const seen =
		stored.seen && typeof stored.seen === 'object'
			? { ...(stored.seen as Record<string, number>) }
			: {};
	const state: TriggerState = { version: 1, source, mark, seen };
	if (typeof stored.floor === 'number') state.floor = stored.floor;
	return state;
}

/** The oldest timestamp a poll still considers: the window below the mark, or the floor if higher. */
function oldestConsidered(watched: WatchedList, state: TriggerState): number | null {
	if (state.mark === null) return state.floor ?? null;
	const window = state.mark - watched.lookbackMs;
	return state.floor === undefined ? window : Math.max(window, state.floor);
}

/**
 * Forgets keys older than the window (except for status entries). Keys inside it are kept; only
 * past MAX_SEEN do the oldest go, and the floor rises to the newest of them.
 */
function prune(ctx: IPollFunctions, watched: WatchedList, state: TriggerState): void {
	let entries = Object.entries(state.seen);
	if (watched.event !== 'statusEntered' && state.mark !== null) {
		const floor = state.mark - watched.lookbackMs;
		entries = entries.filter(([, ms]) => ms >= floor);
	}
	if (entries.length > MAX_SEEN) {
		entries.sort((a, b) => b[1] - a[1]);
		const floor = entries[MAX_SEEN][1];
		// Keys at the floor's own timestamp go too: the floor already keeps them from firing again.
		entries = entries.filter(([, ms]) => ms > floor);
		state.floor = Math.max(state.floor ?? -Infinity, floor);
		ctx.logger.warn(
			`${ctx.getNode().name}: more than ${MAX_SEEN} events fall inside the lookback window; events stamped ${isoTime(floor)} or earlier that arrive late are no longer emitted. Shorten the window or narrow the filter.`,
		);
	}
	state.seen = Object.fromEntries(entries);
}

/**
 * Adds the items not seen yet to the state; returns them in the order the platform listed them.
 * The mark never moves past `now`: an item stamped in the future would otherwise push the window
 * past the items that follow it.
 */
function recordNewItems(
	ctx: IPollFunctions,
	watched: WatchedList,
	state: TriggerState,
	items: IDataObject[],
	now: number,
): IDataObject[] {
	const fresh: IDataObject[] = [];
	const floor = oldestConsidered(watched, state) ?? -Infinity;
	for (const item of items) {
		const ms = timestampOf(item, watched.field);
		const key = eventKey(watched, item);
		if (ms === undefined || key === undefined) continue;
		// A server that ignored the range would send older items again: they are outside the window.
		if (ms < floor || (state.floor !== undefined && ms <= state.floor)) continue;
		if (key in state.seen) continue;
		state.seen[key] = ms;
		fresh.push(item);
	}
	for (const ms of Object.values(state.seen)) {
		const clamped = Math.min(ms, now);
		if (state.mark === null || clamped > state.mark) state.mark = clamped;
	}
	if (state.mark !== null && state.mark > now) state.mark = now;
	prune(ctx, watched, state);
	return fresh;
}

/**
 * One poll of the list `watched` (read and validated before this, so nothing is requested with a
 * bad parameter): the entries new since the last one, each emitted once (none on the first
 * activation unless asked).
 */
export async function pollList(
	ctx: IPollFunctions,
	watched: WatchedList,
): Promise<INodeExecutionData[][] | null> {
	if (ctx.getMode() === 'manual') {
		const newest = await readSorted(ctx, watched, watched.body, false, 1);
		return newest.length > 0 ? [ctx.helpers.returnJsonArray(newest)] : null;
	}

	const stored = ctx.getWorkflowStaticData('node');
	const source = `${watched.event} ${watched.path} ${JSON.stringify(watched.body)}`;
	let state = readState(stored, source);
	let emit = true;
	if (state === undefined) {
		state = { version: 1, source, mark: null, seen: {} };
		if (!watched.fireForExisting) {
			// First activation: remember where history ends without replaying it.
			emit = false;
			if (watched.event !== 'statusEntered') {
				const [newest] = await readSorted(ctx, watched, watched.body, false, 1);
				if (newest === undefined) {
					Object.assign(stored, state);
					return null;
				}
				const newestMs = timestampOf(newest, watched.field);
				state.mark = newestMs === undefined ? null : Math.min(newestMs, clock().now());
			}
		}
	}

	// Everything since the mark less the window (or the floor), oldest first, every page within this one poll.
	const items = await readSorted(
		ctx,
		watched,
		withRange(watched, oldestConsidered(watched, state)),
		true,
	);
	const fresh = recordNewItems(ctx, watched, state, items, clock().now());

	// Only now, with every request done, does the state move on: a failed poll leaves it as it was.
	for (const key of Object.keys(stored)) delete stored[key];
	Object.assign(stored, state);
	if (!emit || fresh.length === 0) return null;
	return [ctx.helpers.returnJsonArray(fresh)];
}
