/**
 * Runs a polling trigger of this package through n8n-core's poll path: a `PollContext` (what the
 * engine hands a node's `poll()`), driven by n8n-core's own `PollTriggerExecutor`, which runs the
 * poll, passes its items to `__emit` and its errors to `__emitError`, as an active workflow does.
 *
 * The node's static data lives in a `PollStore` that outlives the contexts: every call builds a
 * fresh workflow and context, like a new poll tick; `restart()` also round-trips the data through
 * JSON, like n8n saving it to its database and loading it after a restart.
 */
import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type { IDataObject, INodeExecutionData, WorkflowExecuteMode } from 'n8n-workflow';
import type { RunOptions } from './engine';
import { prepare, wireDump } from './engine';

export class PollStore {
	/** The node's static data (`getWorkflowStaticData('node')`), shared by every poll. */
	data: IDataObject = {};

	/** What a restart of n8n does to it: saved as JSON, loaded into a new object. */
	restart(): void {
		this.data = JSON.parse(JSON.stringify(this.data)) as IDataObject;
	}

	/** A deep copy, to compare before and after a poll. */
	snapshot(): IDataObject {
		return JSON.parse(JSON.stringify(this.data)) as IDataObject;
	}
}

export interface PollOptions extends RunOptions {
	store: PollStore;
	/** `trigger` is a poll of an active workflow; `manual` is the editor's "Fetch Test Event". */
	mode?: Extract<WorkflowExecuteMode, 'trigger' | 'manual'>;
}

export interface PollResult {
	/** Items emitted on the first output; empty when the poll returned null (nothing new). */
	items: INodeExecutionData[];
	/** Whether the poll emitted at all (returned something other than null). */
	emitted: boolean;
	/** The error the engine got from the poll (passed to `__emitError` in trigger mode). */
	error?: Error & IDataObject;
}

export async function pollNode(options: PollOptions): Promise<PollResult> {
	return await wireDump('poll', options, () => executePoll(options));
}

async function executePoll(options: PollOptions): Promise<PollResult> {
	const { node, workflow, additionalData } = await prepare(options);
	const mode = options.mode ?? 'trigger';
	const result: PollResult = { items: [], emitted: false };
	const context = new PollContext(
		workflow,
		node,
		additionalData,
		mode,
		mode === 'manual' ? 'manual' : 'activate',
		(data) => {
			result.emitted = true;
			result.items = data[0] ?? [];
		},
		(error) => {
			result.error = error as Error & IDataObject;
		},
		undefined,
		undefined,
		() => options.store.data,
	);
	const executor = Container.get(PollTriggerExecutor);
	const run = executor.create(workflow, node, context, () => true);
	try {
		// testingTrigger=true (manual) makes the executor rethrow instead of reporting.
		await run(mode === 'manual');
	} catch (error) {
		result.error = error as Error & IDataObject;
	}
	return result;
}
