/**
 * n8n's deduplication store, which its CLI keeps in the database (the ProcessedData table) and
 * hands to n8n-core with `DataDeduplicationService.init`, kept in memory for the engine the tests
 * run. It behaves as n8n's `DeduplicationHelper` (packages/cli/src/deduplication/
 * deduplication-helper.ts) does in mode `entries`, races included: one row per workflow and context
 * (`n:<node id>` for scope node, '' for workflow); `checkProcessedAndRecord` reads the row, then
 * inserts it when there was none (failing with SQLITE_CONSTRAINT when another call inserted it in
 * between) or writes the copy it read back whole (so a call in between loses its IDs), keeping the
 * newest `maxEntries`. Each database step yields to the event loop, as a query does.
 * `failNextChecks(n)` makes the next n checks fail as a locked database would; `loseNextWrites(n)`
 * undoes the next n write-backs, as another process writing back its older copy would.
 */
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

interface Row {
	mode: string;
	data: string[];
}

function rowKey(scope: DeduplicationScope, context: ICheckProcessedContextData): string {
	const dbContext = scope === 'node' ? `n:${context.node?.id}` : '';
	return `${context.workflow.id}/${dbContext}`;
}

/** One database round trip: other executions run in between. */
const query = () => new Promise<void>((resolve) => setImmediate(resolve));

class MemoryDeduplicator implements IDataDeduplicator {
	private readonly rows = new Map<string, Row>();
	private failures = 0;
	private lostWrites = 0;
	/** Calls of checkProcessedAndRecord, failed ones included. */
	checks = 0;

	failNextChecks(count: number): void {
		this.failures = count;
	}

	/**
	 * The next `count` checks that write a row back have their write undone at once, as when another
	 * process (a queue-mode worker) read the row before and writes its copy back after.
	 */
	loseNextWrites(count: number): void {
		this.lostWrites = count;
	}

	/** Forgets every row: each trigger as if it never ran. */
	clear(): void {
		this.rows.clear();
		this.failures = 0;
		this.lostWrites = 0;
	}

	private async findOne(key: string): Promise<Row | undefined> {
		await query();
		const row = this.rows.get(key);
		return row && { mode: row.mode, data: [...row.data] };
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries') throw new Error(`mode ${options.mode} is not kept here`);
		this.checks++;
		const key = rowKey(scope, context);
		const row = await this.findOne(key);
		if (this.failures > 0) {
			this.failures--;
			throw new Error('SQLITE_BUSY: database is locked');
		}
		const values = items.map(String);
		if (!row) {
			await query();
			if (this.rows.has(key))
				throw new Error(
					'SQLITE_CONSTRAINT: UNIQUE constraint failed: processed_data.workflowId, processed_data.context',
				);
			const data = options.maxEntries ? values.slice(-options.maxEntries) : values;
			this.rows.set(key, { mode: options.mode, data });
			return { new: items, processed: [] };
		}
		const output: IDeduplicationOutput = { new: [], processed: [] };
		values.forEach((value, index) => {
			if (row.data.includes(value)) output.processed.push(items[index]);
			else {
				output.new.push(items[index]);
				row.data.push(value);
			}
		});
		if (options.maxEntries) row.data.splice(0, row.data.length - options.maxEntries);
		await query();
		if (this.lostWrites > 0) this.lostWrites--;
		else this.rows.set(key, row);
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		const key = rowKey(scope, context);
		const row = await this.findOne(key);
		if (!row) return;
		const gone = items.map(String);
		this.rows.set(key, { ...row, data: row.data.filter((item) => !gone.includes(item)) });
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		this.rows.delete(rowKey(scope, context));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<number> {
		return (await this.findOne(rowKey(scope, context)))?.data.length ?? 0;
	}
}

const store = new MemoryDeduplicator();
let initialised: Promise<void> | undefined;

/** Gives n8n-core the store once per test file (n8n's CLI does it once per process), also when executions start together. */
export async function useDeduplicationStore(): Promise<void> {
	initialised ??= DataDeduplicationService.init(store);
	await initialised;
}

/** The store n8n-core uses in this test file. */
export function deduplicationStore(): MemoryDeduplicator {
	return store;
}
