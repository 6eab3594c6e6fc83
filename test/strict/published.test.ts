/**
 * The double serves only what the vendor publishes (test/harness/vendorOperations.ts, from the
 * vendor's Swagger document): every route it declares is on that list, and a request off the list
 * is refused as the platform refuses it, 404 for an unknown path and 405 for another method, so a
 * node that sends an unpublished request fails here as it would on a real company.
 */
import axios from 'axios';
import { startPlatform } from '../harness';
import type { Platform } from '../harness';
import { API_ROOT, publication } from '../harness/platform';
import { VENDOR_OPERATIONS } from '../harness/vendorOperations';

describe('the double serves only the operations the vendor publishes', () => {
	let platform: Platform;
	beforeAll(async () => {
		platform = await startPlatform();
	});
	afterAll(async () => platform.close());

	const send = (method: string, path: string, data?: unknown) =>
		axios.request({
			method,
			url: `${platform.url}${path}`,
			data,
			headers: { authorization: `Bearer ${platform.apiKey}` },
			validateStatus: () => true,
		});

	it('holds the vendor list: 154 operations, each method and path once', () => {
		expect(VENDOR_OPERATIONS).toHaveLength(154);
		const pairs = VENDOR_OPERATIONS.map(([method, path]) => `${method} ${path}`);
		expect(new Set(pairs).size).toBe(pairs.length);
	});

	it('declares no route the vendor does not publish (file links it hands out aside)', () => {
		const offList = platform
			.endpoints()
			// The connector module's API methods (/api/extensions/...) are the module's own, not the public API.
			.filter((route) => !route.shape?.link && route.path.startsWith('/pub/v1/'))
			.map((route) => ({
				route: `${route.method} ${route.path}`,
				status: publication(route.method, route.path.replace(/:[^/]+/g, 'x')).status,
			}))
			.filter(({ status }) => status !== 'published');
		expect(offList).toEqual([]);
		const outside = platform.endpoints().filter((route) => !route.path.startsWith('/pub/v1/'));
		expect(outside.map((route) => route.path)).toEqual(
			expect.arrayContaining([expect.stringMatching(/^\/api\/extensions\/:module\/script\//)]),
		);
		expect(outside.every((route) => route.path.startsWith('/api/extensions/'))).toBe(true);
	});

	it('answers 404 for a path the vendor does not publish', async () => {
		const answer = await send(
			'GET',
			`${API_ROOT}/tasks/0a000000-0000-4000-8000-000000000001/messages`,
		);
		expect(answer.status).toBe(404);
	});

	it('answers 405 naming the published methods for a published path asked with another method', async () => {
		const answer = await send(
			'POST',
			`${API_ROOT}/tasks/0a000000-0000-4000-8000-000000000001/get`,
			{},
		);
		expect(answer.status).toBe(405);
		expect(answer.headers.allow).toBe('GET');
	});

	it('still serves a published operation', async () => {
		const answer = await send('GET', `${API_ROOT}/scheme/namespaces`);
		expect(answer.status).toBe(200);
	});

	it('classifies paths against the list', () => {
		expect(publication('GET', `${API_ROOT}/tasks/abc/get`).status).toBe('published');
		expect(publication('POST', `${API_ROOT}/tasks/abc/dates`).status).toBe('published');
		expect(publication('POST', `${API_ROOT}/tasks/abc/set-dates`).status).toBe('unknown');
		expect(publication('DELETE', `${API_ROOT}/app/list`)).toEqual({
			status: 'other-method',
			allow: ['GET'],
		});
	});
});
