import { searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const where = { namespace: picked('crm', 'code'), application: picked('deals', 'code') };
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: Record<string, unknown> }>; continueOnFail?: boolean } = {},
) =>
	t.run({
		nodeType: 'elma365App',
		parameters: { resource: 'comment', ...where, ...parameters },
		...extra,
	});

const deal = newId();
const message = newId();
const stream = `/pub/v1/feed/crm/deals/${deal}/message/${message}`;
const stored = () => t.platform.collection('comments').get('m1') as Record<string, unknown>;

beforeEach(() => {
	t.platform.collection('app:crm/deals').clear();
	t.platform.collection('app:crm/deals').set(deal, { __id: deal, __name: 'Deal 1' });
	t.platform.collection('comments').clear();
	t.platform.collection('comments').set('m1', {
		__id: message,
		item: `crm/deals/${deal}`,
		title: 'Invoice',
		body: 'Invoice sent to the client',
		comments: [],
	});
});

describe('Reply', () => {
	test('POST /feed/{ns}/{code}/{target}/message/{id}/comment {body}; the posted comment is the output', async () => {
		const { items, error } = await run({
			operation: 'reply',
			itemId: picked(deal, 'id'),
			messageId: picked(message),
			text: 'Paid today',
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['POST', `${stream}/comment`, {}, { body: 'Paid today' }]]);
		const [comment] = stored().comments as Array<Record<string, unknown>>;
		expect(comment).toMatchObject({ body: 'Paid today' });
		expect(jsonOf(items)).toEqual([comment]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('Options > Additional Body (JSON) is merged over the form', async () => {
		const mention = newId();
		await run({
			operation: 'reply',
			itemId: picked(deal, 'id'),
			messageId: picked(message, 'id'),
			text: 'Paid',
			options: { body: JSON.stringify({ mentions: [mention] }) },
		});
		expect(t.wire()).toEqual([
			['POST', `${stream}/comment`, {}, { body: 'Paid', mentions: [mention] }],
		]);
	});

	test('an empty text or a bad message ID fails before any request', async () => {
		const empty = await run({
			operation: 'reply',
			itemId: picked(deal, 'id'),
			messageId: picked(message, 'id'),
			text: '={{ " " }}',
		});
		expect(empty.error?.message).toMatch(/Invalid "Text" in item 0: expected a non-empty text/);
		const badId = await run({
			operation: 'reply',
			itemId: picked(deal, 'id'),
			messageId: picked('={{ "m1" }}', 'id'),
			text: 'hi',
		});
		expect(badId.error?.message).toMatch(/Invalid "Message ID" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test("an unknown message is the platform's 404; Continue On Fail pairs each item with its result or error", async () => {
		const unknown = newId();
		const { items } = await run(
			{
				operation: 'reply',
				itemId: picked(deal, 'id'),
				messageId: picked('={{ $json.message }}', 'id'),
				text: '={{ $json.text }}',
			},
			{
				continueOnFail: true,
				input: [
					{ json: { message: unknown, text: 'one' } },
					{ json: { message, text: 'two' } },
					{ json: { message: 'nope', text: 'three' } },
				],
			},
		);
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/feed/crm/deals/${deal}/message/${unknown}/comment`, {}, { body: 'one' }],
			['POST', `${stream}/comment`, {}, { body: 'two' }],
		]);
		const [comment] = stored().comments as Array<Record<string, unknown>>;
		expect(jsonOf(items)).toEqual([
			{
				error: `ELMA365 404: message ${unknown} not found`,
				description: expect.stringContaining(`/message/${unknown}/comment`),
				httpCode: '404',
			},
			comment,
			{
				error: expect.stringMatching(/Invalid "Message ID" in item 2: expected a UUID/),
				description:
					"It takes an ID, not a name: the __id of a message in the item's activity stream, from ELMA365 App > Comment > Get Many.",
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('the double refuses a reply without text or with a key the message body does not have', async () => {
		const send = (body: unknown) =>
			fetch(`${t.platform.url}${stream}/comment`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${t.platform.apiKey}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify(body),
			}).then(async (answer) => [answer.status, await answer.json()]);
		expect(await send({ body: ' ' })).toEqual([
			400,
			{ success: false, error: 'body.body: must not be empty' },
		]);
		expect(await send({ text: 'hi' })).toEqual([
			400,
			{ success: false, error: 'body.body: required' },
		]);
		expect(await send({ body: 'hi', text: 'hi' })).toEqual([
			400,
			{ success: false, error: 'body.text: unknown key' },
		]);
	});
});

describe('Get Many Replies', () => {
	beforeEach(() => {
		stored().comments = ['first', 'second', 'third'].map((body) => ({ __id: newId(), body }));
	});

	test('POST .../message/{id}/comment/list with from/size in the body; each reply is an item', async () => {
		const { items, error } = await run({
			operation: 'getReplies',
			itemId: picked(deal, 'id'),
			messageId: picked(message),
			limit: 2,
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['POST', `${stream}/comment/list`, {}, { from: 0, size: 2 }]]);
		expect(jsonOf(items)).toEqual((stored().comments as unknown[]).slice(0, 2));
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('Return All reads the whole list', async () => {
		const { items } = await run({
			operation: 'getReplies',
			itemId: picked(deal, 'id'),
			messageId: picked(message),
			returnAll: true,
		});
		expect(t.wire()).toEqual([
			['POST', `${stream}/comment/list`, {}, { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(jsonOf(items)).toEqual(stored().comments);
	});

	test('a bad message ID fails before any request; an unknown one is the platform 404', async () => {
		const bad = await run({
			operation: 'getReplies',
			itemId: picked(deal, 'id'),
			messageId: picked('={{ "x" }}', 'id'),
			returnAll: true,
		});
		expect(bad.error?.message).toMatch(/Invalid "Message ID" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
		const unknown = newId();
		const missing = await run({
			operation: 'getReplies',
			itemId: picked(deal, 'id'),
			messageId: picked(unknown, 'id'),
			returnAll: true,
		});
		expect(missing.error?.message).toBe(`ELMA365 404: message ${unknown} not found`);
	});
});

test("the Message picker lists the chosen item's messages by title or text, valued by ID", async () => {
	t.platform.collection('comments').set('m2', {
		__id: 'b0000000-0000-4000-8000-000000000002',
		item: `crm/deals/${deal}`,
		body: 'Called  the\nclient',
	});
	const search = (parameters: Record<string, unknown>, filter?: string) =>
		searchList({
			nodeType: 'elma365App',
			parameters: { resource: 'comment', operation: 'reply', ...parameters },
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method: 'searchItemMessages',
			filter,
		});
	expect(await search({ ...where })).toEqual({ results: [] });
	expect(t.platform.requests).toHaveLength(0);
	expect(await search({ ...where, itemId: picked(deal) })).toEqual({
		results: [
			{ name: 'Invoice', value: message },
			{ name: 'Called the client', value: 'b0000000-0000-4000-8000-000000000002' },
		],
		paginationToken: undefined,
	});
	expect((await search({ ...where, itemId: picked(deal) }, 'call')).results).toEqual([
		{ name: 'Called the client', value: 'b0000000-0000-4000-8000-000000000002' },
	]);
	expect(t.wire()).toEqual([
		['POST', `/pub/v1/feed/crm/deals/${deal}/message/list`, {}, { from: 0, size: 100 }],
		['POST', `/pub/v1/feed/crm/deals/${deal}/message/list`, {}, { from: 0, size: 1000 }],
	]);
});
