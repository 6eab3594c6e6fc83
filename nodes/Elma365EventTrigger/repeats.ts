import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { SEEN_EVENT_IDS } from './delivery';

/**
 * The tail of the repeat checks of each trigger (workflow and node) running in this process.
 *
 * n8n's deduplication store (n8n's `DeduplicationHelper.checkProcessedAndRecord`, packages/cli
 * src/deduplication/deduplication-helper.ts) keeps one row per workflow and node: it reads the row,
 * then inserts it (the first time) or writes it back whole, with no transaction or lock. Two
 * executions of the same trigger checking at once both insert (the second fails with
 * `SQLITE_CONSTRAINT: UNIQUE constraint failed`) or both write back (one's ID is lost, so a later
 * repeat of it runs again). Checks of one trigger in one process therefore run one after the
 * other; across processes (queue-mode workers) they still can collide, see `dropRepeats`.
 */
const tails = new Map<string, Promise<void>>();

/** Runs `task` once every earlier task of `key` in this process has settled. */
async function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
	const previous = tails.get(key) ?? Promise.resolve();
	const run = previous.then(task);
	const tail = run.then(
		() => undefined,
		() => undefined,
	);
	tails.set(key, tail);
	try {
		return await run;
	} finally {
		if (tails.get(key) === tail) tails.delete(key);
	}
}

/**
 * The delivered events whose ID n8n's deduplication store has not seen, recording theirs. A check
 * that fails (another process wrote the row at the same moment, the database is busy) is tried
 * once more; when that fails too the repeat check cannot decide, and every event runs: a repeat
 * running twice is better than an event lost after n8n answered its delivery 200.
 */
export async function dropRepeats(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const ids = items.map((item) => String(item.json.id));
	const key = `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
	const check = async () =>
		await ctx.helpers.checkProcessedAndRecord(ids, 'node', {
			mode: 'entries',
			maxEntries: SEEN_EVENT_IDS,
		});
	let processed: string[];
	try {
		processed = (await inTurn(key, check)).processed.map(String);
	} catch {
		try {
			processed = (await inTurn(key, check)).processed.map(String);
		} catch (error) {
			ctx.logger.warn(
				`ELMA365 Event Trigger: n8n's deduplication store failed twice, so event ${ids.join(', ')} runs without a repeat check: ${(error as Error).message}`,
			);
			return items;
		}
	}
	const fresh = ids.filter((id) => !processed.includes(id));
	if (fresh.length > 0) await recordAgain(ctx, key, fresh);
	return items.filter((item) => !processed.includes(String(item.json.id)));
}

/**
 * Checks the new IDs once more, so that n8n's store records them again if another process wrote
 * the row back without them in the meantime (queue-mode workers): a later repeat then finds them.
 * Only narrows that window; a failure here changes nothing, the events run anyway.
 */
async function recordAgain(ctx: IExecuteFunctions, key: string, ids: string[]): Promise<void> {
	try {
		await inTurn(
			key,
			async () =>
				await ctx.helpers.checkProcessedAndRecord(ids, 'node', {
					mode: 'entries',
					maxEntries: SEEN_EVENT_IDS,
				}),
		);
	} catch {
		// the events run anyway
	}
}
