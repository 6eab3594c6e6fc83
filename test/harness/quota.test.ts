/**
 * The double's per-minute quota itself (test/harness/quota.ts): fixed windows from the first
 * request, refused requests counted, 429 with or without Retry-After, and no quota by default.
 */
import axios from 'axios';
import { startPlatform, TEST_API_KEY } from './index.ts';
import type { Platform } from './index.ts';
import { QUOTA_ERROR, RequestQuota } from './quota.ts';
import { harnessClock, useVirtualClock } from './clock';

describe('the quota counter', () => {
	test('fixed windows on the grid of the first request, with Retry-After to the window end rounded up', () => {
		const quota = new RequestQuota({ perWindow: 2, windowMs: 5000, retryAfter: true });
		const answers = [1000, 1100, 1200, 5999, 6000, 6001, 6002, 10_999, 17_000].map((now) =>
			quota.admit(now),
		);
		const refusal = (seconds: string) => ({
			status: 429,
			headers: { 'retry-after': seconds },
			body: { success: false, error: QUOTA_ERROR },
		});
		expect(answers).toEqual([
			undefined,
			undefined,
			refusal('5'),
			refusal('1'),
			undefined,
			undefined,
			refusal('5'),
			refusal('1'),
			undefined,
		]);
		expect(quota.counts()).toEqual({
			perWindow: 2,
			windowMs: 5000,
			retryAfter: true,
			accepted: 5,
			refused: 4,
			windows: [
				{ index: 0, startedAt: 1000, accepted: 2, refused: 2 },
				{ index: 1, startedAt: 6000, accepted: 2, refused: 2 },
				{ index: 3, startedAt: 16_000, accepted: 1, refused: 0 },
			],
		});
	});

	test('without retryAfter a refusal carries no header; the window is a minute by default', () => {
		const quota = new RequestQuota({ perWindow: 1, retryAfter: false });
		expect(quota.admit(0)).toBeUndefined();
		expect(quota.admit(59_999)).toEqual({
			status: 429,
			headers: {},
			body: { success: false, error: QUOTA_ERROR },
		});
		expect(quota.admit(60_000)).toBeUndefined();
		expect(quota.counts().windowMs).toBe(60_000);
		expect(new RequestQuota({ perWindow: 0, retryAfter: true }).admit(0)?.headers).toEqual({
			'retry-after': '60',
		});
	});

	test('wrong options are refused with their name', () => {
		expect(() => new RequestQuota({ perWindow: 2.5, retryAfter: true })).toThrow(
			'quota: perWindow must be a whole number >= 0, not 2.5',
		);
		expect(() => new RequestQuota({ perWindow: 5, windowMs: 0, retryAfter: true })).toThrow(
			'quota: windowMs must be a whole number of milliseconds >= 1, not 0',
		);
		expect(
			() => new RequestQuota({ perWindow: 5, retryAfter: 'yes' as unknown as boolean }),
		).toThrow('quota: retryAfter must be true or false, not yes');
	});
});

describe('the double under a quota', () => {
	useVirtualClock();
	let platform: Platform;
	const client = axios.create({ validateStatus: () => true });
	const list = (key = TEST_API_KEY) =>
		client.get(`${platform.url}/pub/v1/nomenclature`, {
			headers: { authorization: `Bearer ${key}` },
		});
	const statuses = async (count: number) => {
		const answers = [];
		for (let i = 0; i < count; i++) answers.push(await list());
		return answers.map((answer) => answer.status);
	};
	/** Waits until the quota's current window has ended. */
	const nextWindow = async () => {
		const { windows, windowMs } = platform.quotaCounts()!;
		const end = windows.at(-1)!.startedAt + windowMs;
		await harnessClock.sleep(Math.max(0, end - harnessClock.now()) + 20);
	};

	beforeAll(async () => {
		platform = await startPlatform();
	});
	afterEach(() => platform.reset());
	afterAll(async () => platform.close());

	test('no quota by default: nothing is refused or counted', async () => {
		expect(await statuses(30)).toEqual(Array(30).fill(200));
		expect(platform.quotaCounts()).toBeUndefined();
		expect(platform.refused).toEqual([]);
		expect(platform.requests.some((request) => 'refused' in request)).toBe(false);
	});

	test('Retry-After on: 429 in the envelope past the limit, each refusal recorded, and a new window accepts again', async () => {
		platform.quota({ perWindow: 2, windowMs: 1000, retryAfter: true });
		const answers = [await list(), await list(), await list()];
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
		expect(answers[2].headers['retry-after']).toBe('1');
		expect(answers[2].data).toEqual({ success: false, error: QUOTA_ERROR });
		expect(platform.refused).toEqual([platform.requests[2]]);
		expect(platform.requests.map((request) => request.refused)).toEqual([
			undefined,
			undefined,
			true,
		]);
		await nextWindow();
		expect(await statuses(3)).toEqual([200, 200, 429]);
		const counts = platform.quotaCounts()!;
		expect(counts.windows.map(({ accepted, refused }) => [accepted, refused])).toEqual([
			[2, 1],
			[2, 1],
		]);
		expect([counts.accepted, counts.refused]).toEqual([4, 2]);
		expect(counts.windows[1].startedAt - counts.windows[0].startedAt).toBe(
			1000 * counts.windows[1].index,
		);
	});

	test('Retry-After off: the same 429 without the header', async () => {
		platform.quota({ perWindow: 1, windowMs: 60_000, retryAfter: false });
		await list();
		const refused = await list();
		expect(refused.status).toBe(429);
		expect(refused.headers['retry-after']).toBeUndefined();
		expect(refused.data).toEqual({ success: false, error: QUOTA_ERROR });
	});

	test('it stands in front of scripted replies and the key check, counts only the API, and reset() takes it away', async () => {
		platform.quota({ perWindow: 2, windowMs: 60_000, retryAfter: true });
		platform.script('GET', '/pub/v1/nomenclature', { status: 200, body: { scripted: true } });
		const outside = await client.get(`${platform.url}/not-the-api`, {
			headers: { authorization: `Bearer ${TEST_API_KEY}` },
		});
		const scripted = await list();
		const wrongKey = await list('wrong');
		const refused = await list();
		expect([outside.status, scripted.status, wrongKey.status, refused.status]).toEqual([
			404, 200, 403, 429,
		]);
		expect(scripted.data).toEqual({ scripted: true });
		expect(platform.quotaCounts()).toMatchObject({ accepted: 2, refused: 1 });
		platform.reset();
		expect(platform.quotaCounts()).toBeUndefined();
		expect(await statuses(3)).toEqual([200, 200, 200]);
	});
});
