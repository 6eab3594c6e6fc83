/**
 * n8n's deduplication store, which its CLI keeps in the database (the ProcessedData table) and
 * hands to n8n-core with `DataDeduplicationService.init`, kept in memory for the engine the tests
 * run: mode `entries` as n8n keeps it, the newest `maxEntries` IDs per workflow and node.
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

function scopeKey(scope: DeduplicationScope, context: ICheckProcessedContextData): string {
	return scope === 'node' ? `${context.workflow.id}/${context.node?.id}` : context.workflow.id;
}

class MemoryDeduplicator implements IDataDeduplicator {
	private readonly kept = new Map<string, string[]>();

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries') throw new Error(`mode ${options.mode} is not kept here`);
		const key = scopeKey(scope, context);
		const kept = this.kept.get(key) ?? [];
		const processed = items.filter((item) => kept.includes(String(item)));
		const fresh = items.filter((item) => !kept.includes(String(item)));
		const all = [...kept, ...fresh.map(String)];
		this.kept.set(key, options.maxEntries ? all.slice(-options.maxEntries) : all);
		return { new: fresh, processed };
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		const key = scopeKey(scope, context);
		const gone = items.map(String);
		this.kept.set(
			key,
			(this.kept.get(key) ?? []).filter((item) => !gone.includes(item)),
		);
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		this.kept.delete(scopeKey(scope, context));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<number> {
		return (this.kept.get(scopeKey(scope, context)) ?? []).length;
	}
}

let initialised = false;

/** Gives n8n-core the store once per test file (n8n's CLI does it once per process). */
export async function useDeduplicationStore(): Promise<void> {
	if (initialised) return;
	await DataDeduplicationService.init(new MemoryDeduplicator());
	initialised = true;
}
