import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { selfSignedCertificate } from '../harness/tls';
import type { Certificate } from '../harness/tls';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

/**
 * The company address as users type it: cloud or on-premises, http or https, with or without a
 * trailing slash or /pub/v1, published under a path prefix by a reverse proxy (with TLS in front,
 * possibly with an internal certificate). A malformed address is refused before any request.
 */
const t = usePlatform();
let directoryId: string;

beforeEach(() => {
	directoryId = newId();
	t.platform.collection('nomenclatureDirectories').clear();
	t.platform
		.collection('nomenclatureDirectories')
		.set(directoryId, { __id: directoryId, name: 'Main' });
});

const listDirectories = { resource: 'directory', operation: 'getAll', returnAll: true };
const run = (baseUrl: string, extra: Record<string, unknown> = {}) =>
	t.run({
		nodeType: 'elma365Nomenclature',
		parameters: listDirectories,
		credential: { baseUrl, apiKey: t.platform.apiKey, ...extra } as never,
	});

/** A reverse proxy publishing the platform under `prefix`, as on-premises installations do. */
function reverseProxy(
	prefix: string,
	handler: (listener: http.RequestListener) => http.Server | https.Server,
) {
	const seen: string[] = [];
	const server = handler((req, res) => {
		seen.push(req.url ?? '');
		if (!req.url?.startsWith(`${prefix}/`)) {
			res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not under the prefix</h1>');
			return;
		}
		const target = new URL(t.platform.url);
		const forward = http.request(
			{
				host: target.hostname,
				port: target.port,
				path: req.url.slice(prefix.length),
				method: req.method,
				headers: req.headers,
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		req.pipe(forward);
	});
	return {
		seen,
		start: async () => {
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			return (server.address() as AddressInfo).port;
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}

describe('forms of the address that reach the platform', () => {
	test.each([
		['the bare address', (url: string) => url],
		['a trailing slash', (url: string) => `${url}/`],
		['several trailing slashes', (url: string) => `${url}///`],
		['/pub/v1', (url: string) => `${url}/pub/v1`],
		['/pub/v1/', (url: string) => `${url}/pub/v1/`],
		['spaces around it', (url: string) => `  ${url}/ `],
		[
			'an upper-case scheme and host',
			(url: string) => url.replace('http://127.0.0.1', 'HTTP://127.0.0.1'),
		],
	])('%s', async (_name, form) => {
		const { items, error } = await run(form(t.platform.url));
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /pub/v1/nomenclature/directory',
		]);
		expect(jsonOf(items)).toEqual([expect.objectContaining({ __id: directoryId, name: 'Main' })]);
	});

	test.each([
		['/elma365', ''],
		['/elma365', '/'],
		['/elma365', '/pub/v1/'],
		['/apps/elma 365', ''],
	])(
		'behind a reverse proxy at the prefix %s (typed with "%s" after it)',
		async (prefix, suffix) => {
			const encodedPrefix = encodeURI(prefix);
			const proxy = reverseProxy(encodedPrefix, (listener) => http.createServer(listener));
			const port = await proxy.start();
			try {
				const { items, error } = await run(`http://127.0.0.1:${port}${prefix}${suffix}`);
				expect(error).toBeUndefined();
				expect(proxy.seen).toEqual([
					`${encodedPrefix}/pub/v1/nomenclature/directory?from=0&size=${MAX_PAGE_SIZE}`,
				]);
				expect(t.platform.requests.map((r) => r.path)).toEqual(['/pub/v1/nomenclature/directory']);
				expect(jsonOf(items)).toEqual([expect.objectContaining({ __id: directoryId })]);
			} finally {
				await proxy.close();
			}
		},
	);
});

describe('https with an internal certificate', () => {
	let tls: Certificate;
	beforeAll(() => {
		tls = selfSignedCertificate();
	});

	test('is refused with a clear error unless Ignore SSL Issues is on, then works through the prefix', async () => {
		const proxy = reverseProxy('/elma', (listener) => https.createServer(tls, listener));
		const port = await proxy.start();
		try {
			const refused = await run(`https://127.0.0.1:${port}/elma`);
			expect(refused.error?.message).toBe(
				"ELMA365: the platform's certificate could not be verified",
			);
			expect(String(refused.error?.description)).toBe(
				'DEPTH_ZERO_SELF_SIGNED_CERT. Request: GET /nomenclature/directory. A server with a self-signed or internal certificate: turn on Ignore SSL Issues in the credential, or give n8n the issuing CA (NODE_EXTRA_CA_CERTS).',
			);
			expect(proxy.seen).toEqual([]);
			expect(t.platform.requests).toHaveLength(0);

			const { items, error } = await run(`https://127.0.0.1:${port}/elma/`, {
				ignoreSslIssues: true,
			});
			expect(error).toBeUndefined();
			expect(proxy.seen).toEqual([
				`/elma/pub/v1/nomenclature/directory?from=0&size=${MAX_PAGE_SIZE}`,
			]);
			expect(jsonOf(items)).toEqual([expect.objectContaining({ __id: directoryId })]);
		} finally {
			await proxy.close();
		}
	});
});

describe('a malformed address is refused before any request, saying what is wrong', () => {
	const prefix = 'The Base URL of the ELMA365 credential is not usable: ';
	test.each([
		[
			'empty',
			'',
			'it is empty; enter the address of your company, e.g. https://mycompany.elma365.ru',
		],
		[
			'blank',
			'   ',
			'it is empty; enter the address of your company, e.g. https://mycompany.elma365.ru',
		],
		[
			'without a scheme',
			'mycompany.elma365.ru',
			'"mycompany.elma365.ru" is not a web address; it must start with https:// (or http://), e.g. https://mycompany.elma365.ru',
		],
		[
			'another scheme',
			'ftp://mycompany.elma365.ru',
			'"ftp://mycompany.elma365.ru" uses ftp; it must start with https:// (or http://), e.g. https://mycompany.elma365.ru',
		],
		[
			'with a user and password',
			'https://admin:secret@mycompany.elma365.ru',
			'it contains a user name or password; put only the address there and the key in API Key',
		],
		[
			'with a query',
			'https://mycompany.elma365.ru/?lang=en',
			'"https://mycompany.elma365.ru/?lang=en" has a query or fragment (? or #); enter only the address, e.g. https://mycompany.elma365.ru',
		],
		[
			'with a fragment',
			'https://mycompany.elma365.ru/#/tasks',
			'"https://mycompany.elma365.ru/#/tasks" has a query or fragment (? or #); enter only the address, e.g. https://mycompany.elma365.ru',
		],
		[
			'not a URL at all',
			'http://',
			'"http://" is not a web address; it must start with https:// (or http://), e.g. https://mycompany.elma365.ru',
		],
	])('%s', async (_name, baseUrl, reason) => {
		const { error, items } = await run(baseUrl);
		expect(items).toEqual([]);
		expect(error?.message).toBe(prefix + reason);
		expect(String(error?.description)).toContain(
			'Open the credential and enter the company address',
		);
		expect(
			JSON.stringify({ message: error?.message, description: error?.description }),
		).not.toContain('secret');
		expect(t.platform.requests).toHaveLength(0);
	});

	test('with Continue On Fail every item gets its own error item, in order', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: listDirectories,
			credential: { baseUrl: 'mycompany.elma365.ru', apiKey: t.platform.apiKey },
			input: [{ json: {} }, { json: {} }, { json: {} }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const item of items)
			expect(String(item.json.error)).toMatch(
				/^The Base URL of the ELMA365 credential is not usable: /,
			);
		expect(t.platform.requests).toHaveLength(0);
	});
});
