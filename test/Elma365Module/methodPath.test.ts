/**
 * The method's address, for any value (fast-check over the hostile values of the reliability
 * suite and nested paths made of them), run through n8n's engine with Continue On Fail: an item is
 * either refused before any request naming "Method", or its one request goes to
 * `/api/extensions/<module>/script/` followed by exactly the value's parts, each in its own
 * segment (decoded, the part as typed); nothing lands outside the module's methods or in the query.
 */
import fc from 'fast-check';
import type { INodeExecutionData } from 'n8n-workflow';
import { DEMO_MODULE_ID } from '../harness/routes/module.ts';
import { picked, usePlatform } from '../harness/setup';
import {
	acceptedText,
	anyValue,
	hasControl,
	HOSTILE_VALUES,
	hostileString,
} from '../reliability/hostileCases';

const t = usePlatform();
const SCRIPT = `/api/extensions/${DEMO_MODULE_ID}/script/`;

/** The parts an accepted value is sent as (a trailing "/" keeps an empty last part), or undefined when it is refused. */
function expectedParts(value: unknown): string[] | undefined {
	const accepted = acceptedText(value);
	if (accepted === undefined) return undefined;
	const text = accepted.trim().replace(/^\//, '');
	if (text === '' || text.length > 1000 || hasControl(text) || /[?#]/.test(text)) return undefined;
	const parts = text.split('/');
	const named = text.endsWith('/') ? parts.slice(0, -1) : parts;
	const fits = (part: string) => part !== '' && part !== '.' && part !== '..' && part.length <= 255;
	return named.every(fits) ? parts : undefined;
}

async function checkMethods(values: unknown[]): Promise<void> {
	t.platform.reset();
	for (const method of ['POST'])
		t.platform.script(method, /^\/api\/extensions\//, { status: 200, body: { ok: true } }, 1000);
	const input: INodeExecutionData[] = values.map((v) => ({ json: { v } as never }));
	const { items, error } = await t.run({
		nodeType: 'elma365Module',
		parameters: {
			resource: 'method',
			operation: 'call',
			module: picked(DEMO_MODULE_ID),
			method: '={{ $json.v }}',
		},
		input,
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => item.pairedItem)).toEqual(values.map((_, item) => ({ item })));
	const sent: string[][] = [];
	values.forEach((value, itemIndex) => {
		const parts = expectedParts(value);
		const { json } = items[itemIndex];
		if (parts === undefined) {
			expect(json.error).toMatch(new RegExp(`^Invalid "Method" in item ${itemIndex}: expected `));
			return;
		}
		expect(json).toEqual({ ok: true });
		sent.push(parts);
	});
	const requests = t.platform.requests;
	expect(requests.map((request) => request.query)).toEqual(sent.map(() => ({})));
	for (const request of requests) expect(request.path.startsWith(SCRIPT)).toBe(true);
	expect(
		requests.map((request) => request.path.slice(SCRIPT.length).split('/').map(decodeURIComponent)),
	).toEqual(sent);
}

const nested = fc
	.array(fc.oneof(hostileString, fc.constantFrom('', '.', '..', 'orders')), {
		minLength: 1,
		maxLength: 4,
	})
	.map((parts) => parts.join('/'));

test('any value: refused naming "Method", or sent as exactly its parts below the module', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.oneof(anyValue, nested), { minLength: 1, maxLength: 6 }),
			checkMethods,
		),
		{ numRuns: 20 },
	);
});

test('the hostile constants, and the addresses the help gives', async () => {
	await checkMethods([
		...HOSTILE_VALUES.filter((value) => typeof value !== 'string' || value.length < 3000),
		'main/email_dispatch',
		'/main/email_dispatch',
		'call_events/route/',
		'orders/42',
		'orders/../admin',
		'../../../pub/v1/app/list',
	]);
});
