/**
 * The platform double (test/harness) in its own process for the benchmark, so that its memory and
 * CPU are not counted against the contestants. Seeds 1 directory, `CASES` cases and `ITEMS`
 * application items (`bench`/`items`), prints one JSON line with the address, then serves.
 */
import { newId, ok, page, startPlatform } from '../test/harness/index.ts';

const CASES = Number(process.argv[2] ?? 1000);
const ITEMS = Number(process.argv[3] ?? 100_000);
const SERVER_MS = Number(process.argv[4] ?? 0);
const USERS = 1000;

const platform = await startPlatform();
const directoryId = newId();
platform
	.collection('nomenclatureDirectories')
	.set(directoryId, { __id: directoryId, name: 'Bench' });
const caseIds = [];
for (let index = 0; index < CASES; index++) {
	const id = newId();
	caseIds.push(id);
	platform
		.collection('nomenclatureCases')
		.set(id, { __id: id, directoryId, docflow: 'input', name: `Case ${index}` });
}

// Users for the picker (`User N`, the search text of the bench's picker matches 11 of 1,000).
for (let index = 0; index < USERS; index++) {
	const id = newId();
	platform.collection('users').set(id, {
		__id: id,
		__name: `User ${index}`,
		email: `user${index}@example.com`,
	});
}

// A fixed list of application items, paged with from/size (the route's own filtering copies the
// whole list per page, which would make the server, not the client, the thing measured).
const items = Array.from({ length: ITEMS }, (_, index) => ({
	__id: newId(),
	__name: `Item ${index}`,
	__createdAt: '2026-01-01T00:00:00Z',
	price: index,
	status: { code: 'new' },
}));
const listPath = '/pub/v1/app/bench/items/list';
platform.script(
	'POST',
	listPath,
	(request) => {
		if (request.headers.authorization !== `Bearer ${platform.apiKey}`)
			return { status: 403, body: { success: false, error: 'denied' } };
		const body = request.body ?? {};
		return page(items, { from: body.from, size: body.size });
	},
	Infinity,
);
// The realistic bench counts requests and the refused ones (429) among them (GET /bench/stats, not
// counted itself) and may add server time.
let served = 0;
let refused = 0;
const record = platform.requests.push.bind(platform.requests);
platform.requests.push = (...requests) => {
	served += requests.filter((request) => !request.path.startsWith('/bench/')).length;
	return record(...requests);
};
platform.script('GET', '/bench/stats', () => ok({ requests: served, refused }), Infinity);
// POST /bench/rate {perSecond}: case updates above that rate get 429 with Retry-After until the
// next second (0 turns the limit off).
const rate = { perSecond: 0, second: 0, used: 0 };
platform.script(
	'POST',
	'/bench/rate',
	(request) => {
		Object.assign(rate, { perSecond: Number(request.body?.perSecond ?? 0), second: 0, used: 0 });
		return ok();
	},
	Infinity,
);
// POST /bench/load {limit, holdMs, slowBaseMs, slowPer} shapes how case updates (PUT) are served:
// with `limit`, each is held `holdMs` and those above `limit` in flight get 429 with Retry-After
// `holdMs`; with `slowBaseMs`, each is held slowBaseMs x max(1, in flight / slowPer), so response
// times double at 2 x slowPer in flight. GET /bench/load answers the peak in flight, the refusals
// and the longest hold given since the last POST.
const load = {
	limit: 0,
	holdMs: 0,
	slowBaseMs: 0,
	slowPer: 1,
	current: 0,
	peak: 0,
	refused: 0,
	longestHoldMs: 0,
};
platform.script(
	'POST',
	'/bench/load',
	(request) => {
		Object.assign(load, { limit: 0, holdMs: 0, slowBaseMs: 0, slowPer: 1 }, request.body ?? {}, {
			current: 0,
			peak: 0,
			refused: 0,
			longestHoldMs: 0,
		});
		return ok();
	},
	Infinity,
);
platform.script(
	'GET',
	'/bench/load',
	() => ok({ peak: load.peak, refused: load.refused, longestHoldMs: load.longestHoldMs }),
	Infinity,
);
/** Holds a case update as POST /bench/load asked, or refuses it (429); undefined when it may be answered. */
async function shapeLoad() {
	if (load.limit > 0 && load.current >= load.limit) {
		load.refused += 1;
		return {
			status: 429,
			headers: { 'retry-after': String(load.holdMs / 1000) },
			body: { success: false, error: 'too many requests' },
		};
	}
	load.current += 1;
	load.peak = Math.max(load.peak, load.current);
	const holdMs =
		load.limit > 0 ? load.holdMs : load.slowBaseMs * Math.max(1, load.current / load.slowPer);
	load.longestHoldMs = Math.max(load.longestHoldMs, holdMs);
	await new Promise((resolve) => setTimeout(resolve, holdMs));
	load.current -= 1;
	return undefined;
}
const answer = platform.answer.bind(platform);
platform.answer = async (request) => {
	const reply = await shapedAnswer(request);
	if (reply?.status === 429 && !request.path.startsWith('/bench/')) refused += 1;
	return reply;
};
/** The double's answer, after the load and rate shapes the bench set. */
async function shapedAnswer(request) {
	if (SERVER_MS > 0) await new Promise((resolve) => setTimeout(resolve, SERVER_MS));
	if ((load.limit > 0 || load.slowBaseMs > 0) && request.method === 'PUT') {
		const refused = await shapeLoad();
		if (refused) return refused;
	}
	if (rate.perSecond > 0 && request.method === 'PUT') {
		const now = Date.now();
		const second = Math.floor(now / 1000);
		if (second !== rate.second) Object.assign(rate, { second, used: 0 });
		if (rate.used >= rate.perSecond) {
			return {
				status: 429,
				headers: { 'retry-after': String((1000 - (now % 1000)) / 1000) },
				body: { success: false, error: 'too many requests' },
			};
		}
		rate.used += 1;
	}
	return answer(request);
}
// The double records every request; the bench makes thousands, so the record is kept short.
setInterval(() => {
	platform.requests.length = 0;
}, 200).unref();

process.stdout.write(
	`${JSON.stringify({ url: platform.url, apiKey: platform.apiKey, directoryId, caseIds, items: ITEMS, ok: ok().status })}\n`,
);
process.on('SIGTERM', () => platform.close().then(() => process.exit(0)));
