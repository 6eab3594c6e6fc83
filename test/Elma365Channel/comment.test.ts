import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: Record<string, unknown> }>; continueOnFail?: boolean } = {},
) =>
	t.run({
		nodeType: 'elma365Channel',
		parameters: { resource: 'comment', ...parameters },
		...extra,
	});

const channel = newId();
const message = newId();
const path = `/pub/v1/channel/${channel}/message/${message}/comment`;
const comments = () =>
	t.platform.collection('channelMessages').get('m1')?.comments as Array<Record<string, unknown>>;

beforeEach(() => {
	t.platform.collection('channels').clear();
	t.platform.collection('channels').set(channel, { __id: channel, name: 'General' });
	t.platform.collection('channelMessages').clear();
	t.platform
		.collection('channelMessages')
		.set('m1', { __id: message, channel, body: 'Release 2.1 is out', comments: [] });
});

describe('Create', () => {
	test('POST /channel/{channel}/message/{id}/comment {body}; the posted comment is the output', async () => {
		const { items, error } = await run({
			operation: 'create',
			channelId: picked(channel),
			messageId: picked(message),
			text: 'Great news',
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['POST', path, {}, { body: 'Great news' }]]);
		expect(comments()).toEqual([expect.objectContaining({ body: 'Great news' })]);
		expect(jsonOf(items)).toEqual(comments());
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('an empty text or a bad message ID fails before any request; Additional Body is merged', async () => {
		const empty = await run({
			operation: 'create',
			channelId: picked(channel),
			messageId: picked(message),
			text: '={{ "" }}',
		});
		expect(empty.error?.message).toMatch(/Invalid "Text" in item 0: expected a non-empty text/);
		const badId = await run({
			operation: 'create',
			channelId: picked(channel),
			messageId: picked('={{ 7 }}', 'id'),
			text: 'hi',
		});
		expect(badId.error?.message).toMatch(/Invalid "Message ID" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);

		await run({
			operation: 'create',
			channelId: picked(channel),
			messageId: picked(message),
			text: 'hi',
			options: { body: '{"title": "Re"}' },
		});
		expect(t.wire()).toEqual([['POST', path, {}, { body: 'hi', title: 'Re' }]]);
	});

	test("a message of another channel is the platform's 404; Continue On Fail pairs results and errors", async () => {
		const other = newId();
		const { items } = await run(
			{
				operation: 'create',
				channelId: picked('={{ $json.channel }}', 'id'),
				messageId: picked(message),
				text: 'ok',
			},
			{ continueOnFail: true, input: [{ json: { channel: other } }, { json: { channel } }] },
		);
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/channel/${other}/message/${message}/comment`, {}, { body: 'ok' }],
			['POST', path, {}, { body: 'ok' }],
		]);
		expect(jsonOf(items)).toEqual([
			expect.objectContaining({ error: `ELMA365 404: message ${message} not found` }),
			comments()[0],
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('Get Many', () => {
	beforeEach(() => {
		t.platform.collection('channelMessages').get('m1')!.comments = ['a', 'b', 'c'].map((body) => ({
			__id: newId(),
			body,
		}));
	});

	test('POST .../comment/list with from/size in the body; Return All reads all', async () => {
		const limited = await run({
			operation: 'getAll',
			channelId: picked(channel),
			messageId: picked(message),
			limit: 2,
		});
		expect(jsonOf(limited.items)).toEqual(comments().slice(0, 2));
		expect(pairingOf(limited.items)).toEqual([{ item: 0 }, { item: 0 }]);
		const all = await run({
			operation: 'getAll',
			channelId: picked(channel),
			messageId: picked(message),
			returnAll: true,
		});
		expect(jsonOf(all.items)).toEqual(comments());
		expect(t.wire()).toEqual([
			['POST', `${path}/list`, {}, { from: 0, size: 2 }],
			['POST', `${path}/list`, {}, { from: 0, size: MAX_PAGE_SIZE }],
		]);
	});

	test("an unknown message is the platform's 404; a bad channel ID fails before any request", async () => {
		const unknown = newId();
		const missing = await run({
			operation: 'getAll',
			channelId: picked(channel),
			messageId: picked(unknown, 'id'),
			returnAll: true,
		});
		expect(missing.error?.message).toBe(`ELMA365 404: message ${unknown} not found`);
		t.platform.reset();
		const bad = await run({
			operation: 'getAll',
			channelId: picked('={{ "general" }}', 'id'),
			messageId: picked(message),
			returnAll: true,
		});
		expect(bad.error?.message).toMatch(/Invalid "Channel ID" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('the double refuses a list body with keys it does not take', async () => {
		const answer = await fetch(`${t.platform.url}${path}/list`, {
			method: 'POST',
			headers: { authorization: `Bearer ${t.platform.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ from: 0, size: 10, filter: {} }),
		});
		expect([answer.status, await answer.json()]).toEqual([
			400,
			{ success: false, error: 'body.filter: unknown key' },
		]);
	});
});
