/**
 * Every route of the double declares its request shape with its evidence and source (the
 * evidence columns of docs/nodes/ follow them), and the double refuses bodies the reference pages would not accept.
 */
import axios from 'axios';
import { startPlatform } from '../harness';
import type { Platform } from '../harness';

describe('declared shapes of the process, scheme, user, telephony, marketing and nomenclature routes', () => {
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

	it('every route names its evidence and its source', () => {
		const routes = platform.endpoints();
		expect(routes.length).toBeGreaterThan(80);
		const undeclared = routes.filter(
			(route) =>
				!route.shape ||
				!route.shape.source ||
				!['documented', 'client', 'inferred'].includes(route.shape.evidence),
		);
		expect(undeclared.map((route) => `${route.method} ${route.path}`)).toEqual([]);
	});

	it.each([
		[
			'PUT',
			'/pub/v1/integration/voip_main/voip/bindings',
			{ bindings: [{ extension: '101' }] },
			'body.bindings[0].userId: required',
		],
		[
			'PUT',
			'/pub/v1/integration/voip_main/voip/bindings',
			{ bindings: [], module: 'x' },
			'body.module: unknown key',
		],
		[
			'POST',
			'/pub/v1/nomenclature',
			{ directoryId: 'x', docflow: 'input', name: 'A' },
			'body.directoryId: uuid expected, got "x"',
		],
		[
			'POST',
			'/pub/v1/nomenclature',
			{ directoryId: '0a000000-0000-4000-8000-00000000a11c', docflow: 'inbound', name: 'A' },
			'body.docflow: one of "input", "output", "internal" expected, got "inbound"',
		],
		[
			'PUT',
			'/pub/v1/nomenclature/0a000000-0000-4000-8000-00000000a11c',
			{
				directoryId: '0a000000-0000-4000-8000-00000000a11c',
				docflow: 'input',
				name: 'A',
				number: 1,
			},
			'body.number: unknown key',
		],
		[
			'PATCH',
			'/pub/v1/marketing/segment/0a000000-0000-4000-8000-00000000a11c/subscribers/add',
			{ subscriberIds: [] },
			'body.subscriberIds: unknown key',
		],
		[
			'POST',
			'/pub/v1/bpm/template/crm/approval/run',
			{ context: {}, async: true },
			'body.async: unknown key',
		],
		['GET', '/pub/v1/scheme/namespaces?debug=1', undefined, 'query.debug: unknown key'],
	])('%s %s refuses %j', async (method, path, body, error) => {
		const answer = await send(method, path, body);
		expect(answer.status).toBe(400);
		expect(answer.data).toEqual({ success: false, error });
	});
});
