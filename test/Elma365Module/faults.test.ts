/**
 * The fault matrix (test/reliability/faults.test.ts) for a module's API method, whose answers are
 * the module's own rather than the platform's envelope: three input items with Continue On Fail,
 * the fault hitting the first item only. Asserted for every cell: one output per input, in order;
 * how many requests the first item made (a call is never repeated after an ambiguous failure
 * unless Retry Writes is on; a 429 is waited out); the first item's error, naming the request; the
 * other items' answers; no API key in the output.
 */
import type { Reply } from '../harness/index.ts';
import { faults } from '../harness/index.ts';
import { DEMO_MODULE_ID } from '../harness/routes/module.ts';
import { usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const PATH = `/api/extensions/${DEMO_MODULE_ID}/script/echo`;
const ANSWER: Reply = { status: 200, body: { ok: true } };

interface Cell {
	name: string;
	fault: Array<[Reply, number]>;
	requests: number;
	/** The first item's error; undefined: it succeeds with `output`. */
	error?: RegExp;
	output?: Record<string, unknown>;
	requestOptions?: Record<string, unknown>;
}

const CELLS: Cell[] = [
	{ name: 'latency (300 ms)', fault: [[faults.latency(300, ANSWER), 1]], requests: 1 },
	{
		name: 'no answer within the timeout: not repeated',
		fault: [[faults.latency(2500, ANSWER), 1]],
		requests: 1,
		error: /^ELMA365: the platform could not be reached \(timed out\)$/,
	},
	{
		name: 'connection reset before the answer: not repeated',
		fault: [[faults.resetBeforeResponse(), 1]],
		requests: 1,
		error: /^ELMA365: the platform could not be reached/,
	},
	{
		name: 'connection reset mid-response',
		fault: [[faults.resetMidResponse(), 1]],
		requests: 1,
		error: /^ELMA365: the platform's answer was cut off or unreadable$/,
	},
	{
		name: '429 with Retry-After: 0, twice: waited out and sent again',
		fault: [[faults.tooManyRequests('0'), 2]],
		requests: 3,
	},
	{
		name: '429 that outlasts Max Quota Wait',
		fault: [[faults.tooManyRequests('0.5'), 4]],
		requests: 4,
		error: /^ELMA365 429: the company's API request quota is used up/,
	},
	{
		name: "500: not repeated, in the answer's words",
		fault: [[faults.serverError(500, 'internal failure 500', '0'), 1]],
		requests: 1,
		error: /^ELMA365 500: internal failure 500$/,
	},
	{
		name: '500 with Retry Writes on: repeated',
		fault: [[faults.serverError(500, 'internal failure 500', '0'), 2]],
		requests: 3,
		requestOptions: { retryWrites: true },
	},
	{
		name: '502 HTML page',
		fault: [[faults.htmlErrorPage(502, '0'), 1]],
		requests: 1,
		error: /^ELMA365 502: 502 Bad Gateway 502 Bad Gateway nginx$/,
	},
	{
		name: 'malformed JSON with 200',
		fault: [[faults.malformedJson(), 1]],
		requests: 1,
		error: /^The method's answer is not JSON \(\d+ bytes, Content-Type application\/json\)$/,
	},
	{
		name: "an HTML page with 200 is the method's answer: a file",
		fault: [[{ ...faults.htmlErrorPage(502), status: 200 }, 1]],
		requests: 1,
		output: { fileName: 'echo.html', mimeType: 'text/html' },
	},
	{
		name: 'empty body with 200',
		fault: [[faults.emptyBody(200), 1]],
		requests: 1,
		output: {},
	},
	{
		name: 'an answer past Max Response Size is abandoned',
		fault: [[faults.hugeBody(2_000_000), 1]],
		requests: 1,
		error: /^ELMA365: the platform's answer is larger than 1 MB; it was abandoned$/,
		requestOptions: { maxResponseMb: 1 },
	},
	{
		name: 'huge error page (2 MB) with 503: its words bounded',
		fault: [[{ ...faults.hugeBody(2_000_000, 503), headers: { 'retry-after': '0' } }, 1]],
		requests: 1,
		error: /^ELMA365 503: overloaded overloaded .{0,300}…$/,
	},
];

test.each(CELLS.map((cell) => [cell.name, cell] as const))(
	'%s',
	async (_name, cell) => {
		for (const [reply, times] of cell.fault) t.platform.script('POST', PATH, reply, times);
		t.platform.script('POST', PATH, ANSWER, 1000);
		const { items, error } = await t.run({
			nodeType: 'elma365Module',
			parameters: {
				resource: 'method',
				operation: 'call',
				module: picked(DEMO_MODULE_ID),
				method: 'echo',
				requestOptions: { timeout: 1000, maxQuotaWait: 3, ...cell.requestOptions },
			},
			input: [{ json: { n: 0 } }, { json: { n: 1 } }, { json: { n: 2 } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(t.platform.requests).toHaveLength(cell.requests + 2);
		if (cell.error) {
			expect(items[0].json.error).toMatch(cell.error);
			expect(String(items[0].json.description)).toContain(`POST ${PATH}`);
		} else {
			expect(items[0].json).toEqual(expect.objectContaining(cell.output ?? { ok: true }));
		}
		expect(items.slice(1).map((item) => item.json)).toEqual([{ ok: true }, { ok: true }]);
		expect(JSON.stringify(items)).not.toContain(t.platform.apiKey);
	},
	20_000,
);
