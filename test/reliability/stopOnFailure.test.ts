/**
 * Stopping where a user expects: at Options > Concurrency 10, against a platform that answers with
 * random faults (429 with and without Retry-After, a 5xx after the write, a connection dropped
 * before the answer or in the middle of it) and refuses one item with a 400.
 *  - Without Continue On Fail, once an item's failure is final no request leaves for the platform:
 *    those waiting in the congestion window, behind a quota hold or for a retry are dropped; those
 *    already sent finish. The node's error is that of the first failed item in input order.
 *  - With Continue On Fail nothing stops: one output per input item, in input order and paired,
 *    each the item's own result or error.
 * A failure is final for its item when the transport does not repeat it: the 400 always, and a 5xx
 * or a dropped connection on a create (which may have happened). Here a 429 never is (the 429s are
 * spaced so that no probe is refused and no hold outlasts Max Quota Wait), nor a fault of an update
 * (at most two faults an item, one of them a dropped connection, below MAX_ATTEMPTS).
 *
 * The moment that counts is when the final failure's answer reached the node: a request the node
 * made before it could know may still reach the double after the answer left it. Both are read
 * from Node's HTTP diagnostics channels (the double runs in the test's process), numbered in one
 * sequence with the double's arrivals and answers. The faults are random with a fixed default
 * seed; FC_SEED changes it, and a failure prints it with the faults planned.
 */
import type { ChannelListener } from 'node:diagnostics_channel';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { IDataObject } from 'n8n-workflow';
import { MAX_ATTEMPTS } from '../../nodes/shared/transport';
import { fail, faults, newId, ok } from '../harness/index.ts';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { byCode, byId, jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { harnessClock, seededRandom, useVirtualClock } from '../harness/clock';

const t = usePlatform();
useVirtualClock();

const SEED = Number(process.env.FC_SEED ?? 20_260_611);
/** Input items of every run. */
const COUNT = 30;
/** Faults an item meets at most: an update then takes at most three attempts, below MAX_ATTEMPTS. */
const MAX_FAULTS_PER_ITEM = 2;
/**
 * Requests answered after a 429 or a 5xx (whose Retry-After holds the run too) before the next
 * 429: the request sent alone after a hold (the probe) is taken, so that no hold grows.
 */
const QUOTA_GAP = 12;
/** Request Options: the longest hold here (a 429 without Retry-After: 1 s and jitter) is well within Max Quota Wait. */
const REQUEST_OPTIONS = { maxQuotaWait: 5, timeout: 5000 };

type Fault = '429' | '429 without Retry-After' | '503 after the write' | 'reset' | 'cut';
type Answer = Fault | 'ok' | '400';
/** Faults by weight: 429s the most, one in ten of them without Retry-After. */
const FAULTS: Fault[] = [
	...Array<Fault>(9).fill('429'),
	'429 without Retry-After',
	...Array<Fault>(3).fill('503 after the write'),
	...Array<Fault>(2).fill('reset'),
	...Array<Fault>(2).fill('cut'),
];
const DROPPED: Answer[] = ['reset', 'cut'];

const REPLIES: Record<Fault, () => Reply> = {
	'429': () => faults.tooManyRequests('0.1'),
	'429 without Retry-After': () => faults.tooManyRequests(),
	'503 after the write': () => faults.serverError(503, 'written, then failed', '0'),
	reset: () => faults.resetBeforeResponse(),
	cut: () => faults.resetMidResponse(),
};

/** The error an item's final failure gives. */
const MESSAGES: Partial<Record<Answer, (n: number) => RegExp>> = {
	'400': (n) => new RegExp(`^ELMA365 400: item ${n} refused`),
	'503 after the write': () => /^ELMA365 503: written, then failed/,
	reset: () => /^ELMA365: the platform could not be reached/,
	cut: () => /^ELMA365: the platform's answer was cut off or unreadable$/,
};

interface Target {
	label: string;
	node: string;
	method: string;
	path: RegExp;
	/** Whether the transport repeats it after a 5xx or a dropped connection (an update). */
	idempotent: boolean;
	parameters: IDataObject;
	/** The input item a request is for. */
	itemOf: (request: RecordedRequest, ids: string[]) => number;
}

/** Fields from the mapper with its schema given, so that the write is the item's only request. */
const NAME_FIELD = {
	fieldsInputMode: 'mapper',
	columns: {
		mappingMode: 'defineBelow',
		value: { __name: '={{ $json.name }}' },
		matchingColumns: [],
		schema: [{ id: '__name', displayName: 'Name', type: 'string', display: true }],
	},
};
const byName = (request: RecordedRequest) =>
	Number((request.body as { context: { __name: string } }).context.__name.replace(/\D/g, ''));
const byIdIn = (segment: number) => (request: RecordedRequest, ids: string[]) =>
	ids.indexOf(decodeURIComponent(request.path.split('/')[segment]));
const OPTIONS = { options: { concurrency: 10 }, requestOptions: REQUEST_OPTIONS };

const TARGETS: Target[] = [
	{
		label: 'Nomenclature case update',
		node: 'elma365Nomenclature',
		method: 'PUT',
		path: /^\/pub\/v1\/nomenclature\/[^/]+$/,
		idempotent: true,
		parameters: {
			resource: 'case',
			operation: 'update',
			caseId: byId('={{ $json.id }}'),
			directoryId: byId(newId()),
			docflow: 'input',
			name: '={{ $json.name }}',
			...OPTIONS,
		},
		itemOf: byIdIn(4),
	},
	...(
		[
			['App', 'elma365App', 'app', 'crm', 'deals'],
			['Contract', 'elma365Contract', 'contracts', 'legal', 'contracts'],
		] as const
	).flatMap(([label, node, area, namespace, code]): Target[] => {
		const where = { resource: 'item', namespace: byCode(namespace), application: byCode(code) };
		const base = `/pub/v1/${area}/${namespace}/${code}`;
		return [
			{
				label: `${label} item create`,
				node,
				method: 'POST',
				path: new RegExp(`^${base}/create$`),
				idempotent: false,
				parameters: {
					...where,
					operation: 'create',
					sendInOneRequest: false,
					...NAME_FIELD,
					...OPTIONS,
				},
				itemOf: byName,
			},
			{
				label: `${label} item update`,
				node,
				method: 'POST',
				path: new RegExp(`^${base}/[^/]+/update$`),
				idempotent: true,
				parameters: {
					...where,
					operation: 'update',
					itemId: byId('={{ $json.id }}'),
					...NAME_FIELD,
					...OPTIONS,
				},
				itemOf: byIdIn(6),
			},
		];
	}),
];

/** One event of a run, numbered in the order it happened. */
interface Event {
	at: number;
	what:
		| 'sent' // the node made a request (http.client.request.created)
		| 'arrived' // it reached the double (http.server.request.start)
		| 'final' // the double gave an answer that fails its item for good
		| 'answered' // the node got an answer's status line (http.client.response.finish)
		| 'dropped'; // the connection dropped before the answer's end (http.client.request.error, or a cut answer)
	request: string;
	status?: number;
	item?: number;
}

type Log = (event: Omit<Event, 'at'>) => void;

/** A listener of a diagnostics channel, with the message type its channel publishes. */
const listener = <T>(listen: (message: T) => void) => listen as ChannelListener;

/** The requests the node makes and their answers, and the double's arrivals, in the run's log. */
function recordHttp(log: Log): () => void {
	const name = (request: { method?: string; path?: string; url?: string }) =>
		`${request.method} ${request.path ?? request.url}`;
	const channels: Record<string, ChannelListener> = {
		'http.client.request.created': listener(({ request }: { request: ClientRequest }) =>
			log({ what: 'sent', request: name(request) }),
		),
		'http.server.request.start': listener(({ request }: { request: IncomingMessage }) =>
			log({ what: 'arrived', request: name(request) }),
		),
		'http.client.response.finish': listener(
			({ request, response }: { request: ClientRequest; response: IncomingMessage }) => {
				log({ what: 'answered', request: name(request), status: response.statusCode });
				// An answer cut off after its status line.
				response.once('close', () => {
					if (!response.complete) log({ what: 'dropped', request: name(request) });
				});
			},
		),
		'http.client.request.error': listener(({ request }: { request: ClientRequest }) =>
			log({ what: 'dropped', request: name(request) }),
		),
	};
	for (const [channel, listen] of Object.entries(channels)) subscribe(channel, listen);
	return () => {
		for (const [channel, listen] of Object.entries(channels)) unsubscribe(channel, listen);
	};
}

interface Plan {
	/** The item the platform refuses with a 400. */
	refused: number;
	/** What each item's attempts meet, in order; the attempt after them is answered `ok` (or the 400). */
	faults: Fault[][];
}

function planFaults(random: () => number): Plan {
	const refused = 5 + Math.floor(random() * 10);
	const faultsOf = () => {
		const planned: Fault[] = [];
		while (planned.length < MAX_FAULTS_PER_ITEM && random() < 0.3) {
			const fault = FAULTS[Math.floor(random() * FAULTS.length)];
			// One dropped connection an item: its backoff is half a second.
			if (DROPPED.includes(fault) && planned.some((kind) => DROPPED.includes(kind))) continue;
			planned.push(fault);
		}
		return planned;
	};
	return { refused, faults: Array.from({ length: COUNT }, faultsOf) };
}

/**
 * The double's side of a run: answers each item's attempts as the plan says, each after a few ms,
 * and keeps each item's last answer. A 429 is answered `ok` (or the 400) within QUOTA_GAP requests
 * of the last 429 or 5xx, and a second 429 without Retry-After in a run as one with it (its hold
 * takes a second).
 */
function platformFor(target: Target, plan: Plan, ids: string[], log: Log) {
	const random = seededRandom(SEED ^ 0x5eed);
	const attempts = new Array<number>(COUNT).fill(0);
	const last = new Array<Answer | undefined>(COUNT);
	let sinceHold = QUOTA_GAP;
	let withoutRetryAfter = 0;
	const handler = async (request: RecordedRequest): Promise<Reply> => {
		const n = target.itemOf(request, ids);
		let answer: Answer = plan.faults[n][attempts[n]++] ?? (n === plan.refused ? '400' : 'ok');
		if (answer === '429 without Retry-After' && withoutRetryAfter++ > 0) answer = '429';
		if (answer.startsWith('429') && sinceHold < QUOTA_GAP)
			answer = n === plan.refused ? '400' : 'ok';
		sinceHold = answer.startsWith('429') || answer.startsWith('503') ? 1 : sinceHold + 1;
		await harnessClock.sleep(1 + Math.floor(random() * 5));
		last[n] = answer;
		if (answer === '400' || (!target.idempotent && answer !== 'ok' && !answer.startsWith('429')))
			log({ what: 'final', request: `${request.method} ${request.path}`, item: n });
		if (answer === '400') return fail(400, `item ${n} refused`);
		if (answer === 'ok') return ok({ item: { __id: ids[n], n } });
		return REPLIES[answer]();
	};
	return { handler, last };
}

async function run(target: Target, continueOnFail: boolean) {
	const plan = planFaults(
		seededRandom(SEED ^ (TARGETS.indexOf(target) * 2 + Number(continueOnFail))),
	);
	const ids = Array.from({ length: COUNT }, () => newId());
	const events: Event[] = [];
	const log: Log = (event) => events.push({ at: events.length + 1, ...event });
	const { handler, last } = platformFor(target, plan, ids, log);
	t.platform.script(target.method, target.path, handler, COUNT * (MAX_FAULTS_PER_ITEM + 1));
	const stopRecording = recordHttp(log);
	try {
		const input = ids.map((id, n) => ({ json: { id, name: `Item ${n}` } }));
		const result = await t.run({
			nodeType: target.node,
			parameters: target.parameters,
			input,
			continueOnFail,
		});
		return { ...result, plan, ids, events, last };
	} finally {
		stopRecording();
	}
}

/** What a failed check prints first: the seed and the faults it planned. */
const seedOf = (plan: Plan) =>
	`FC_SEED=${SEED}: item ${plan.refused} refused, faults ${JSON.stringify(plan.faults)}`;

/** Whether the node got, in `event`, an answer that fails an item of `target` for good. */
const finalAnswer = (target: Target) => (event: Event) =>
	(event.what === 'answered' &&
		(event.status === 400 || (!target.idempotent && event.status! >= 500))) ||
	(event.what === 'dropped' && !target.idempotent);

describe.each(TARGETS)('$label, Concurrency 10, random faults and one 400', (target) => {
	test('without Continue On Fail: no request is sent once a failure is final, and the error is the first failed item', async () => {
		const { items, error, plan, events, last } = await run(target, false);
		const seed = seedOf(plan);
		const finals = events.filter((event) => event.what === 'final');
		expect([seed, finals.length > 0]).toEqual([seed, true]);
		// The first final failure the node got: from then on it sends nothing. Requests it sent
		// before may reach the double after the failure's answer left it, and finish.
		const known = events.find(finalAnswer(target))!;
		expect([seed, known?.what]).toEqual([seed, expect.any(String)]);
		const sentAfter = events.filter((event) => event.what === 'sent' && event.at > known.at);
		expect([seed, sentAfter]).toEqual([seed, []]);
		// Nothing arrives at the double that the node had not sent before it knew.
		const sentBefore = events.filter((event) => event.what === 'sent' && event.at < known.at);
		expect(events.filter((event) => event.what === 'arrived').length).toBe(sentBefore.length);
		// The error is that of the first item, in input order, that failed for good.
		const failed = Math.min(...finals.map((event) => event.item!));
		expect(items).toEqual([]);
		expect([seed, error?.message, (error?.context as { itemIndex?: number })?.itemIndex]).toEqual([
			seed,
			expect.stringMatching(MESSAGES[last[failed]!]!(failed)),
			failed,
		]);
	});

	test('with Continue On Fail: one output per input item, in order and paired, each its own result or error', async () => {
		const { items, error, plan, ids, last } = await run(target, true);
		const seed = seedOf(plan);
		expect([seed, error]).toEqual([seed, undefined]);
		expect(pairingOf(items)).toEqual(ids.map((_, item) => ({ item })));
		const outcome = (json: IDataObject) =>
			json.error === undefined ? json : { error: json.error };
		expect([seed, jsonOf(items).map(outcome)]).toEqual([
			seed,
			ids.map((id, n) =>
				last[n] === 'ok'
					? { __id: id, n }
					: { error: expect.stringMatching(MESSAGES[last[n]!]!(n)) },
			),
		]);
	});
});

test('an update meets fewer faults than MAX_ATTEMPTS, so none of them is final', () => {
	expect(MAX_FAULTS_PER_ITEM).toBeLessThan(MAX_ATTEMPTS - 1);
});
