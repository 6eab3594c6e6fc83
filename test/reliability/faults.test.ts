/**
 * The fault matrix: for every node, one representative read and (where the node writes) one write,
 * run with three input items and Continue On Fail against each fault the platform (or a proxy in
 * front of it) can produce. The fault is scripted to hit the first item only; the other two items
 * then meet a healthy platform. Asserted for every cell:
 *  - the workflow ends, with exactly one output item per input item, in input order;
 *  - the number of requests the first item made (retries stay within MAX_ATTEMPTS, and writes are
 *    never repeated after an ambiguous failure (a timeout, a reset connection or a 5xx) unless the
 *    user turned on Request Options > Retry Writes After Ambiguous Failures);
 *  - a failure names the platform's message and the request (method and path);
 *  - the API key appears nowhere in the output.
 * Each item gets its own request, one after the other (Send in One Request off, Options >
 * Concurrency 1, where the operation has them), so that the fault meets the first item alone.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { MAX_ATTEMPTS } from '../../nodes/shared/transport';
import { loadPackage } from '../harness/engine';
import { usePlatform } from '../harness/setup';
import { useVirtualClock } from '../harness/clock';
import { caseOperation, offeredOperations, operationKey } from './hostileCases';
import type { Op } from './matrix';
import { cellRun, FAULTS, HEALTHY, OPERATIONS } from './matrix';

const t = usePlatform();
useVirtualClock();

/** Nodes the matrix leaves out: a trigger polls with no input items, so no Continue On Fail to pair. */
const NOT_IN_MATRIX: Record<string, string> = {
	elma365AppTrigger:
		'test/Elma365AppTrigger/appTrigger.test.ts: a platform error fails the poll, state kept',
	elma365ProcessTrigger: 'polls through nodes/shared/trigger/poll.ts, as elma365AppTrigger does',
	elma365TaskTrigger: 'polls through nodes/shared/trigger/poll.ts, as elma365AppTrigger does',
	elma365Module:
		"test/Elma365Module/faults.test.ts: a module's answers are its own, not the platform's envelope the cells answer",
};

describe('the matrix covers every node', () => {
	const offered = offeredOperations();

	test('every node of the package has cells in the matrix', () => {
		const nodes = new Set(offered.map((entry) => entry.node));
		const inMatrix = new Set(OPERATIONS.map((op) => op.node));
		expect([...nodes].filter((node) => !inMatrix.has(node) && !(node in NOT_IN_MATRIX))).toEqual(
			[],
		);
	});

	test('every cell runs an operation its node offers', () => {
		const known = new Set(offered.map(operationKey));
		expect(OPERATIONS.map(caseOperation).filter((key) => !known.has(key))).toEqual([]);
	});
});

/** The properties the node shows for the operation of `op`. */
async function shownProperties(op: Op): Promise<INodeProperties[]> {
	const loader = await loadPackage();
	const { properties } = loader.nodeTypes[op.node].type.description as INodeTypeDescription;
	const shown = (property: INodeProperties, key: 'resource' | 'operation') =>
		property.displayOptions?.show?.[key]?.includes(op.parameters[key] as string) !== false;
	return properties.filter(
		(property) => shown(property, 'resource') && shown(property, 'operation'),
	);
}

/**
 * The cell's run, one item per request and one item at a time: Send in One Request off and
 * Options > Concurrency 1 where the operation has them.
 */
async function oneAtATime(op: Op, timeout?: number) {
	const run = cellRun(op, 3, timeout);
	const shown = await shownProperties(op);
	const parameters = { ...(run.parameters as Record<string, unknown>) };
	if (shown.some((property) => property.name === 'sendInOneRequest'))
		parameters.sendInOneRequest ??= false;
	const hasConcurrency = shown.some(
		(property) =>
			property.name === 'options' &&
			(property.options as INodeProperties[]).some((option) => option.name === 'concurrency'),
	);
	if (hasConcurrency) parameters.options = { ...(parameters.options as object), concurrency: 1 };
	return { ...run, parameters: parameters as never };
}

function expectNoKey(value: unknown) {
	const text = JSON.stringify(value) ?? '';
	expect(text).not.toContain(t.platform.apiKey);
}

describe.each(OPERATIONS.map((op) => [op.label, op] as const))('%s', (_label, op) => {
	test.each(FAULTS.map((fault) => [fault.name, fault] as const))(
		'%s',
		async (_name, fault) => {
			const route = /^\/pub\/v1\//;
			for (const [reply, times] of fault.script(op))
				t.platform.script(op.method, route, reply, times);
			// Once the fault is used up, every further request of this method meets a healthy platform.
			t.platform.script(op.method, route, HEALTHY, 1000);
			// Lists and updates may read before they write (merge); those reads meet a healthy platform too.
			for (const other of ['GET', 'POST', 'PUT', 'PATCH'].filter((m) => m !== op.method))
				t.platform.script(other, route, HEALTHY, 1000);

			const { items, error } = await t.run({
				...(await oneAtATime(op, fault.timeout)),
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			// Exactly one output per input, in order (an empty list outputs nothing for its item).
			const firstEmpty = fault.empty?.(op) === true;
			expect(items.map((item) => item.pairedItem)).toEqual(
				firstEmpty ? [{ item: 1 }, { item: 2 }] : [{ item: 0 }, { item: 1 }, { item: 2 }],
			);
			if (firstEmpty) items.unshift({ json: {} });

			const ofMethod = t.platform.requests.filter((r) => r.method === op.method);
			const expected = fault.error?.(op);
			// The first item's requests, then one request for each healthy item.
			expect(ofMethod).toHaveLength(fault.requests(op) + 2);
			expect(fault.requests(op)).toBeLessThanOrEqual(MAX_ATTEMPTS);
			if (expected) {
				expect(items[0].json.error).toMatch(expected);
				expect(String(items[0].json.description)).toContain(`Request: ${op.method} /`);
				expect(String(items[0].json.description)).toContain(
					ofMethod[0].path.replace('/pub/v1', ''),
				);
			} else {
				expect(items[0].json.error).toBeUndefined();
			}
			expect(items[1].json.error).toBeUndefined();
			expect(items[2].json.error).toBeUndefined();
			expectNoKey(items);
		},
		20_000,
	);
});
