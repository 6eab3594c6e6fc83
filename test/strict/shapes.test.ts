/**
 * The strict double itself: a request that does not fit its route's declared shape is refused with
 * 400 before the handler runs, so a wrong wire shape in a node can never pass a test.
 */
import axios from 'axios';
import { startPlatform } from '../harness';
import type { Platform } from '../harness';
import { arr, listBody, mismatch, obj, opt, str, uuid } from '../harness/shapes';

describe('request shapes', () => {
	it('names the first mismatch with its path', () => {
		const shape = obj({ files: arr(obj({ hash: uuid, name: str })), comment: opt(str) });
		expect(mismatch({ files: [{ hash: 'x', name: 'a' }] }, shape)).toBe(
			'body.files[0].hash: uuid expected, got "x"',
		);
		expect(mismatch({ files: [], extra: 1 }, shape)).toBe('body.extra: unknown key');
		expect(mismatch({}, shape)).toBe('body.files: required');
		expect(
			mismatch({ files: [{ hash: '0a000000-0000-4000-8000-00000000a11c', name: 'a' }] }, shape),
		).toBeUndefined();
		expect(mismatch({ from: -1 }, listBody())).toBe('body.from: must be at least 0');
	});
});

describe('the double refuses what the platform refuses', () => {
	let platform: Platform;
	beforeAll(async () => {
		platform = await startPlatform();
	});
	afterAll(async () => platform.close());

	const post = (path: string, body: unknown) =>
		axios.post(`${platform.url}${path}`, body, {
			headers: { authorization: `Bearer ${platform.apiKey}` },
			validateStatus: () => true,
		});

	it('answers 400 with the mismatch for an unknown key, and serves a documented body', async () => {
		const refused = await post('/pub/v1/user/list', { from: 0, size: 10, statusCode: ['new'] });
		expect(refused.status).toBe(400);
		expect(refused.data).toEqual({ success: false, error: 'body.statusCode: unknown key' });
		const served = await post('/pub/v1/user/list', { from: 0, size: 10 });
		expect(served.status).toBe(200);
		expect(served.data.success).toBe(true);
	});

	it('refuses a query parameter the route does not declare', async () => {
		const refused = await post('/pub/v1/user/list?debug=1', {});
		expect(refused).toMatchObject({
			status: 400,
			data: { error: 'query.debug: unknown parameter' },
		});
	});
});
