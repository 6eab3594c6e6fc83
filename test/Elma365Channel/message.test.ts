import { searchList } from '../harness/engine';
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
		parameters: { resource: 'message', ...parameters },
		...extra,
	});
const messages = () => [...t.platform.collection('channelMessages').values()];

const channel = newId();
const path = `/pub/v1/channel/${channel}/message`;

beforeEach(() => {
	t.platform.collection('channels').clear();
	t.platform.collection('channels').set(channel, { __id: channel, name: 'General' });
	t.platform.collection('channelMessages').clear();
});

describe('Post', () => {
	test('POST /channel/{channel}/message {body}; the posted message is the output', async () => {
		const { items, error } = await run({
			operation: 'create',
			channelId: picked(channel),
			text: 'Release 2.1 is out',
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['POST', path, {}, { body: 'Release 2.1 is out' }]]);
		expect(jsonOf(items)).toEqual(messages());
		expect(messages()[0]).toMatchObject({ channel, body: 'Release 2.1 is out' });
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('title, mentions and files go in the documented keys', async () => {
		const ann = newId();
		const ben = newId();
		await run({
			operation: 'create',
			channelId: picked(channel, 'id'),
			text: 'See the notes',
			additionalFields: {
				title: 'Release',
				mentions: ` ${ann}, ${ben} `,
				files: {
					file: [
						{ hash: 'a1b2', name: 'notes.pdf', size: 2048 },
						{ hash: 'c3d4', name: 'log.txt', size: 0 },
					],
				},
			},
		});
		expect(t.wire()).toEqual([
			[
				'POST',
				path,
				{},
				{
					body: 'See the notes',
					title: 'Release',
					mentions: [ann, ben],
					files: [
						{ hash: 'a1b2', name: 'notes.pdf', size: 2048 },
						{ hash: 'c3d4', name: 'log.txt', size: 0 },
					],
				},
			],
		]);
	});

	test('an empty text, a bad channel ID or a file without a hash fails before any request', async () => {
		const empty = await run({
			operation: 'create',
			channelId: picked(channel),
			text: '={{ "" }}',
		});
		expect(empty.error?.message).toMatch(/Invalid "Text" in item 0: expected a non-empty text/);
		const badId = await run({
			operation: 'create',
			channelId: picked('={{ "general" }}', 'id'),
			text: 'hi',
		});
		expect(badId.error?.message).toMatch(/Invalid "Channel ID" in item 0: expected a UUID/);
		const noHash = await run({
			operation: 'create',
			channelId: picked(channel),
			text: 'hi',
			additionalFields: { files: { file: [{ hash: '', name: 'a.txt', size: 1 }] } },
		});
		expect(noHash.error?.message).toMatch(
			/Invalid "Files > File 1 > Hash" in item 0: expected a non-empty text/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test("an unknown channel is the platform's 404; Continue On Fail pairs results and errors; one channel keeps the input order", async () => {
		const unknown = newId();
		const { items } = await run(
			{
				operation: 'create',
				channelId: picked('={{ $json.channel }}', 'id'),
				text: '={{ $json.text }}',
				options: { concurrency: 4 },
			},
			{
				continueOnFail: true,
				input: [
					{ json: { channel, text: 'one' } },
					{ json: { channel: unknown, text: 'two' } },
					{ json: { channel, text: 'three' } },
					{ json: { channel, text: 'four' } },
				],
			},
		);
		expect(messages().map((m) => m.body)).toEqual(['one', 'three', 'four']);
		expect(jsonOf(items)).toEqual([
			messages()[0],
			expect.objectContaining({ error: `ELMA365 404: channel ${unknown} not found` }),
			messages()[1],
			messages()[2],
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});

	test('the double refuses keys the documented body does not have', async () => {
		const answer = await fetch(`${t.platform.url}${path}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${t.platform.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ body: 'hi', attachments: [] }),
		});
		expect([answer.status, await answer.json()]).toEqual([
			400,
			{ success: false, error: 'body.attachments: unknown key' },
		]);
	});
});

describe('Get Many', () => {
	beforeEach(() => {
		for (const body of ['one', 'two', 'three'])
			t.platform.collection('channelMessages').set(body, { __id: newId(), channel, body });
		t.platform
			.collection('channelMessages')
			.set('other', { __id: newId(), channel: newId(), body: 'elsewhere' });
	});

	test('POST /channel/{channel}/message/list with from/size in the body', async () => {
		const { items, error } = await run({
			operation: 'getAll',
			channelId: picked(channel),
			limit: 2,
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['POST', `${path}/list`, {}, { from: 0, size: 2 }]]);
		expect(jsonOf(items)).toEqual(messages().slice(0, 2));
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('Return All reads every page', async () => {
		t.platform.listPaging('cap');
		for (let i = 0; i < 120; i++)
			t.platform
				.collection('channelMessages')
				.set(`m${i}`, { __id: newId(), channel, body: `${i}` });
		const { items } = await run({
			operation: 'getAll',
			channelId: picked(channel),
			returnAll: true,
		});
		expect(t.wire()).toEqual([
			['POST', `${path}/list`, {}, { from: 0, size: MAX_PAGE_SIZE }],
			['POST', `${path}/list`, {}, { from: 100, size: 23 }],
		]);
		expect(items).toHaveLength(123);
	});

	test('Filters send the documented `filter` (dates in UTC, lists split on commas); a bad author ID fails before any request', async () => {
		const ann = newId();
		t.platform.collection('channelMessages').clear();
		t.platform.collection('channelMessages').set('a', {
			__id: 'a',
			channel,
			author: ann,
			title: 'Release',
			body: 'Release 2.1 notes',
			__createdAt: '2027-01-10T10:00:00Z',
			comments: [{ body: 'nice' }],
		});
		t.platform.collection('channelMessages').set('b', {
			__id: 'b',
			channel,
			author: newId(),
			body: 'Lunch at noon',
			__createdAt: '2027-01-11T10:00:00Z',
			comments: [],
		});
		const filters = {
			author: ` ${ann} `,
			bodyKeywords: 'release, notes',
			titleKeywords: 'Release',
			createdFrom: '2027-01-01T00:00:00',
			createdTo: '2027-01-31T00:00:00Z',
			hasComments: true,
		};
		const { items } = await t.run({
			nodeType: 'elma365Channel',
			timezone: 'Europe/Moscow',
			parameters: {
				resource: 'message',
				operation: 'getAll',
				channelId: picked(channel),
				returnAll: true,
				filters,
			},
		});
		expect(t.wire()).toEqual([
			[
				'POST',
				`${path}/list`,
				{},
				{
					filter: {
						author: [ann],
						bodyKeywords: ['release', 'notes'],
						titleKeywords: ['Release'],
						createdFrom: '2026-12-31T21:00:00.000Z',
						createdTo: '2027-01-31T00:00:00.000Z',
						hasComments: true,
					},
					from: 0,
					size: MAX_PAGE_SIZE,
				},
			],
		]);
		expect(jsonOf(items).map((m) => (m as { __id: string }).__id)).toEqual(['a']);

		t.platform.reset();
		const bad = await run({
			operation: 'getAll',
			channelId: picked(channel),
			filters: { author: 'ann' },
		});
		expect(bad.error?.message).toMatch(/Invalid "Author IDs" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test("a bad channel ID fails before any request; an unknown channel is the platform's 404", async () => {
		const bad = await run({ operation: 'getAll', channelId: picked('={{ "x" }}', 'id') });
		expect(bad.error?.message).toMatch(/Invalid "Channel ID" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
		const unknown = newId();
		const missing = await run({ operation: 'getAll', channelId: picked(unknown, 'id') });
		expect(missing.error?.message).toBe(`ELMA365 404: channel ${unknown} not found`);
	});

	test("the Message picker lists the chosen channel's messages", async () => {
		const search = (parameters: Record<string, unknown>) =>
			searchList({
				nodeType: 'elma365Channel',
				parameters: { resource: 'comment', operation: 'create', ...parameters },
				credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
				method: 'searchChannelMessages',
			});
		expect(await search({})).toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(0);
		const listed = messages().filter((m) => m.channel === channel);
		expect(await search({ channelId: picked(channel) })).toEqual({
			results: listed.map((m) => ({ name: m.body, value: m.__id })),
			paginationToken: undefined,
		});
		expect(t.wire()).toEqual([['POST', `${path}/list`, {}, { from: 0, size: 100 }]]);
	});
});
