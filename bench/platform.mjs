/**
 * The platform double (test/harness) in its own process for the benchmark, so that its memory and
 * CPU are not counted against the contestants. Seeds 1 directory, `CASES` cases and `ITEMS`
 * application items (`bench`/`items`), prints one JSON line with the address, then serves.
 */
import { newId, ok, page, startPlatform } from '../test/harness/index.ts';

const CASES = Number(process.argv[2] ?? 1000);
const ITEMS = Number(process.argv[3] ?? 100_000);
const SERVER_MS = Number(process.argv[4] ?? 0);

const platform = await startPlatform();
const directoryId = newId();
platform.collection('nomenclatureDirectories').set(directoryId, { __id: directoryId, name: 'Bench' });
const caseIds = [];
for (let index = 0; index < CASES; index++) {
	const id = newId();
	caseIds.push(id);
	platform.collection('nomenclatureCases').set(id, { __id: id, directoryId, docflow: 'input', name: `Case ${index}` });
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
platform.script('POST', listPath, (request) => {
	if (request.headers.authorization !== `Bearer ${platform.apiKey}`) return { status: 403, body: { success: false, error: 'denied' } };
	const body = request.body ?? {};
	return page(items, { from: body.from, size: body.size });
}, Infinity);
// The realistic bench counts requests (GET /bench/stats, not counted itself) and may add server time.
let served = 0;
const record = platform.requests.push.bind(platform.requests);
platform.requests.push = (...requests) => {
	served += requests.filter((request) => request.path !== '/bench/stats').length;
	return record(...requests);
};
platform.script('GET', '/bench/stats', () => ok({ requests: served }), Infinity);
if (SERVER_MS > 0) {
	const answer = platform.answer.bind(platform);
	platform.answer = async (request) => {
		await new Promise((resolve) => setTimeout(resolve, SERVER_MS));
		return answer(request);
	};
}
// The double records every request; the bench makes thousands, so the record is kept short.
setInterval(() => {
	platform.requests.length = 0;
}, 200).unref();

process.stdout.write(`${JSON.stringify({ url: platform.url, apiKey: platform.apiKey, directoryId, caseIds, items: ITEMS, ok: ok().status })}\n`);
process.on('SIGTERM', () => platform.close().then(() => process.exit(0)));
