/**
 * Hostile values through n8n's engine against the double: a value shown in a message is cut to a
 * readable length with its full length stated, and a code or ID that cannot be one path segment
 * (too long, "/", a control character) stops its item before any request, naming the field and
 * the item; with Continue On Fail every input item gets one output, paired.
 */
import { newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, pairingOf, usePlatform, byId, byCode } from '../harness/setup';

const t = usePlatform();
const HUGE = 'y'.repeat(100_000);
const SHOWN = `"${'y'.repeat(80)}…" (100000 characters)`;

let itemId: string;
beforeEach(() => {
	itemId = newId();
	itemsOf(t.platform, 'app', 'crm', 'deals').clear();
	itemsOf(t.platform, 'app', 'crm', 'deals').set(itemId, { __id: itemId, __name: 'Deal 1' });
});

const getItem = (values: unknown[], continueOnFail = true) =>
	t.run({
		nodeType: 'elma365App',
		parameters: {
			resource: 'item',
			operation: 'get',
			namespace: byCode('={{ $json.v }}'),
			application: byCode('deals'),
			itemId: byId('={{ $json.id }}'),
		} as never,
		input: values.map((v) => ({ json: { v, id: itemId } as never })),
		continueOnFail,
	});

test('a 100 000-character section code: one short message per item, no request, the other items sent and paired', async () => {
	const { items, error } = await getItem([HUGE, 'crm', 'a/b', 'crm\u0007', '  crm  ', HUGE]);
	expect(error).toBeUndefined();
	expect(pairingOf(items)).toEqual([0, 1, 2, 3, 4, 5].map((item) => ({ item })));
	const deal = { __id: itemId, __name: 'Deal 1' };
	expect(jsonOf(items)).toEqual([
		{
			error: `Invalid "Section Code" in item 0: expected a code or ID of at most 255 characters, got ${SHOWN}`,
		},
		deal,
		{ error: 'Invalid "Section Code" in item 2: expected a code or ID without "/", got "a/b"' },
		{
			error:
				'Invalid "Section Code" in item 3: expected a code or ID without control characters (line breaks, tabs, ...), got "crm\\u0007"',
		},
		deal,
		{
			error: `Invalid "Section Code" in item 5: expected a code or ID of at most 255 characters, got ${SHOWN}`,
		},
	]);
	expect(t.platform.requests.map((r) => r.path)).toEqual([
		`/pub/v1/app/crm/deals/${itemId}/get`,
		`/pub/v1/app/crm/deals/${itemId}/get`,
	]);
});

test('without Continue On Fail the first such item stops the node with the short message, before any request', async () => {
	const { items, error } = await getItem([HUGE], false);
	expect(items).toEqual([]);
	expect(error?.name).toBe('NodeOperationError');
	expect(error?.message).toBe(
		`Invalid "Section Code" in item 0: expected a code or ID of at most 255 characters, got ${SHOWN}`,
	);
	expect(String(error?.description ?? '')).not.toContain('y'.repeat(81));
	expect(t.platform.requests).toEqual([]);
});

test('real codes pass: dots, underscores, 255 characters', async () => {
	for (const code of ['crm.deals', '_system_catalogs', 'c'.repeat(255)]) {
		// Sent as they are; whatever the platform answers, it is not a refusal before the request.
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: {
				resource: 'item',
				operation: 'getAll',
				namespace: byCode(code),
				application: byCode('deals'),
				returnAll: true,
			} as never,
		});
		expect(String(error?.message ?? '')).not.toMatch(/^Invalid/);
	}
	expect(t.platform.requests.map((r) => r.path)).toEqual([
		'/pub/v1/app/crm.deals/deals/list',
		'/pub/v1/app/_system_catalogs/deals/list',
		`/pub/v1/app/${'c'.repeat(255)}/deals/list`,
	]);
});

test('any echoed value is bounded: a 100 000-character ID and a long JSON value', async () => {
	const { items } = await t.run({
		nodeType: 'elma365App',
		parameters: {
			resource: 'item',
			operation: 'update',
			namespace: byCode('crm'),
			application: byCode('deals'),
			itemId: byId('={{ $json.id }}'),
			fieldsInputMode: 'json',
			fieldsJson: '={{ $json.json }}',
		} as never,
		input: [
			{ json: { id: HUGE, json: '{}' } },
			{ json: { id: itemId, json: `[${'1,'.repeat(50_000)}1]` } },
		],
		continueOnFail: true,
	});
	const [first, second] = jsonOf(items) as Array<{ error: string }>;
	expect(first.error).toBe(
		`Invalid "Item ID" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got ${SHOWN}`,
	);
	expect(second.error).toMatch(
		/^Invalid "Fields \(JSON\)" in item 1: expected a JSON object, got /,
	);
	expect(second.error).toMatch(/…" \(100003 characters\)$/);
	expect(second.error.length).toBeLessThan(200);
	expect(t.platform.requests).toEqual([]);
});

test('a poll of the trigger: a 100 000-character section code is one short error, no request', async () => {
	const result = await pollNode({
		nodeType: 'elma365AppTrigger',
		parameters: {
			event: 'newItem',
			namespace: byCode(HUGE),
			application: byCode('requests'),
		} as never,
		store: new PollStore(),
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
	});
	expect(result.error?.message).toBe(
		`Invalid "Section Code": expected a code or ID of at most 255 characters, got ${SHOWN}`,
	);
	expect(t.platform.requests).toEqual([]);
});
