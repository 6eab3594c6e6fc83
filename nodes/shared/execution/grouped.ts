import type { IExecuteFunctions } from 'n8n-workflow';
import type { GroupedRun, ItemOutcome, OperationResult } from './operation';
import { MAX_BATCH_SIZE } from '../limits';
import { invalidInput, namingItem, requireInteger } from '../validation';

/** One input item inside a group: its index and what `read` made of its parameters. */
export interface GroupMember<Input> {
	itemIndex: number;
	input: Input;
}

/** A member whose request succeeded, with the result it would output. */
export interface SucceededMember<Input> extends GroupMember<Input> {
	result: OperationResult;
}

/** The steps of an operation that sends many input items in one request. */
export interface GroupedOperation<Input, Settings> {
	/**
	 * Node-level settings read once from the first item; an error here fails the node, not an item.
	 * Without it, the steps get `undefined`.
	 */
	readSettings?: (ctx: IExecuteFunctions) => Settings;
	/** Reads and checks one item's parameters; runs for every item before the first request. */
	read: (ctx: IExecuteFunctions, itemIndex: number, settings: Settings) => Input | Promise<Input>;
	/** Splits the items read into the groups sent together (one request each), in sending order. */
	group: (
		ctx: IExecuteFunctions,
		members: Array<GroupMember<Input>>,
		settings: Settings,
	) => Array<Array<GroupMember<Input>>>;
	/**
	 * Sends one group; returns one outcome per member, in the group's order. Throwing fails every
	 * member with that error. A member left without an outcome outputs nothing.
	 */
	send: (
		ctx: IExecuteFunctions,
		group: Array<GroupMember<Input>>,
		settings: Settings,
	) => Promise<Array<ItemOutcome | undefined>>;
	/**
	 * A second step for the members that succeeded, once every group is sent (e.g. making files of
	 * the bodies just fetched): the outcomes it returns replace theirs.
	 */
	then?: (
		ctx: IExecuteFunctions,
		succeeded: Array<SucceededMember<Input>>,
		settings: Settings,
	) => Promise<Map<number, ItemOutcome>>;
}

/** Sends one group; an error thrown while sending fails every member with it. */
async function sendGroup<Input, Settings>(
	ctx: IExecuteFunctions,
	steps: GroupedOperation<Input, Settings>,
	group: Array<GroupMember<Input>>,
	settings: Settings,
): Promise<Array<ItemOutcome | undefined>> {
	try {
		return await steps.send(ctx, group, settings);
	} catch (error) {
		return group.map(() => ({ error }));
	}
}

/** The node-level settings, read from the first item: a refused value names item 0. */
function readSettings<Input, Settings>(
	ctx: IExecuteFunctions,
	steps: GroupedOperation<Input, Settings>,
): Settings {
	try {
		return steps.readSettings?.(ctx) as Settings;
	} catch (error) {
		throw namingItem(ctx.getNode(), error, 0);
	}
}

/**
 * The one runner for operations that read all items, group them, send one request per group and
 * hand each item its result or error. Every item is read before the first request, so a bad item
 * fails before anything is sent; the router pairs the outcomes and applies Continue On Fail.
 */
export function groupedOperation<Input, Settings>(
	steps: GroupedOperation<Input, Settings>,
): GroupedRun {
	return async function (this: IExecuteFunctions, itemCount, settle) {
		if (itemCount === 0) return;
		const settings = readSettings(this, steps);
		const members: Array<GroupMember<Input>> = [];
		for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
			try {
				members.push({ itemIndex, input: await steps.read(this, itemIndex, settings) });
			} catch (error) {
				settle(itemIndex, { error });
			}
		}
		const succeeded: Array<SucceededMember<Input>> = [];
		for (const group of steps.group(this, members, settings)) {
			const outcomes = await sendGroup(this, steps, group, settings);
			group.forEach((member, index) => {
				const outcome = outcomes[index];
				if (outcome === undefined) return;
				if ('error' in outcome) settle(member.itemIndex, outcome);
				else succeeded.push({ ...member, result: outcome.result });
			});
		}
		const finished =
			steps.then && succeeded.length > 0
				? await steps.then(this, succeeded, settings)
				: new Map<number, ItemOutcome>();
		for (const { itemIndex, result } of succeeded)
			settle(itemIndex, finished.get(itemIndex) ?? { result });
	};
}

/** Groups of members with the same key (e.g. the segment they change), in order of first appearance. */
export function groupBy<Input>(
	members: Array<GroupMember<Input>>,
	keyOf: (input: Input) => string,
): Array<Array<GroupMember<Input>>> {
	const groups = new Map<string, Array<GroupMember<Input>>>();
	for (const member of members) {
		const key = keyOf(member.input);
		groups.set(key, [...(groups.get(key) ?? []), member]);
	}
	return [...groups.values()];
}

/** Consecutive groups of at most `size` members (Batch Size). */
export function chunk<Member>(members: Member[], size: number): Member[][] {
	const groups: Member[][] = [];
	for (let start = 0; start < members.length; start += size)
		groups.push(members.slice(start, start + size));
	return groups;
}

/** Batch Size (an option read from the first item): 1 to MAX_BATCH_SIZE, the cap where unset; anything else fails the node. */
export function readBatchSize(value: unknown): number {
	if (value === undefined) return MAX_BATCH_SIZE;
	const batchSize = requireInteger('Batch Size', value, { min: 1 });
	if (batchSize > MAX_BATCH_SIZE)
		throw invalidInput('Batch Size', `a whole number from 1 to ${MAX_BATCH_SIZE}`, batchSize);
	return batchSize;
}
