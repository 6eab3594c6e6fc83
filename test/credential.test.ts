import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CredentialTestContext } from 'n8n-core';
import type { ICredentialTestFunction, INodeCredentialTestResult, INodeType } from 'n8n-workflow';
import { loadPackage } from './harness/engine';
import { fail } from './harness/index.ts';
import { usePlatform } from './harness/setup';
import { selfSignedCertificate } from './harness/tls';

const t = usePlatform();

async function credentialType() {
	const loader = await loadPackage();
	return loader.credentialTypes.elma365Api.type;
}

/**
 * The Test button as n8n's CredentialsTester runs it: the credential has no declarative `test`, so
 * n8n takes the function a node names in `testedBy` and calls it in a CredentialTestContext.
 */
async function testCredential(data: Record<string, unknown>): Promise<INodeCredentialTestResult> {
	const loader = await loadPackage();
	const node = loader.nodeTypes.elma365App.type as INodeType;
	const testedBy = node.description.credentials?.find((c) => c.name === 'elma365Api')
		?.testedBy as string;
	const test = node.methods?.credentialTest?.[testedBy] as ICredentialTestFunction;
	return await test.call(new CredentialTestContext(), {
		id: 'cred-1',
		name: 'ELMA365',
		type: 'elma365Api',
		data: data as never,
	});
}

const key = () => ({ baseUrl: t.platform.url, apiKey: t.platform.apiKey });
const OK = { status: 'OK', message: 'Connection successful: the platform accepted the API key' };
const error = (message: string) => ({ status: 'Error', message });

test('is named elma365Api, sends the key as a Bearer token, hides it, has themed icons and a full documentation URL', async () => {
	const type = await credentialType();
	expect(type.name).toBe('elma365Api');
	expect(type.displayName).toBe('ELMA365 API');
	expect(
		type.properties.map((p) => [p.name, p.type, p.required, p.typeOptions?.password ?? false]),
	).toEqual([
		['baseUrl', 'string', true, false],
		['apiKey', 'string', true, true],
		['subscribeSecret', 'string', undefined, true],
		['ignoreSslIssues', 'boolean', undefined, false],
	]);
	expect(type.authenticate).toEqual({
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
	});
	expect(type.documentationUrl).toMatch(/^https:\/\//);
	expect(type.test).toBeUndefined();
	const loader = await loadPackage();
	expect(loader.types.credentials.find((c) => c.name === 'elma365Api')?.iconUrl).toEqual({
		light: 'icons/n8n-nodes-elma365/dist/icons/elma365.svg',
		dark: 'icons/n8n-nodes-elma365/dist/icons/elma365.dark.svg',
	});
});

test('every node tests the credential with the same function (n8n may pick any node that uses the credential)', async () => {
	const loader = await loadPackage();
	const nodes = Object.values(loader.nodeTypes).map(({ type }) => type as INodeType);
	const listed = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).n8n
		.nodes as string[];
	expect(nodes).toHaveLength(listed.length);
	const tests = nodes.map((node) => {
		expect(node.description.credentials).toEqual([
			{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' },
		]);
		return node.methods?.credentialTest?.elma365ApiTest;
	});
	expect(new Set(tests).size).toBe(1);
	expect(typeof tests[0]).toBe('function');
});

test('the test reads an authenticated endpoint, for every accepted form of the base URL', async () => {
	for (const suffix of ['', '/', '/pub/v1', '/pub/v1/', '  ']) {
		expect(await testCredential({ ...key(), baseUrl: t.platform.url + suffix })).toEqual(OK);
	}
	expect(t.platform.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual(
		Array(5).fill(['GET', '/pub/v1/scheme/namespaces', `Bearer ${t.platform.apiKey}`]),
	);
});

describe('every failure in words, the words the nodes use', () => {
	test('a malformed address, before any request', async () => {
		expect(await testCredential({ ...key(), baseUrl: 'mycompany.elma365.ru' })).toEqual(
			error(
				'The Base URL of the ELMA365 credential is not usable: "mycompany.elma365.ru" is not a web address; it must start with https:// (or http://), e.g. https://mycompany.elma365.ru',
			),
		);
		expect(await testCredential({ ...key(), baseUrl: '' })).toEqual(
			error(
				'The Base URL of the ELMA365 credential is not usable: it is empty; enter the address of your company, e.g. https://mycompany.elma365.ru',
			),
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a refused connection (nothing listens on the port)', async () => {
		const server = http.createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		await new Promise((resolve) => server.close(resolve));
		expect(await testCredential({ ...key(), baseUrl: `http://127.0.0.1:${port}` })).toEqual(
			error(
				'ELMA365: the platform could not be reached (connection refused) [ECONNREFUSED]. Check the base URL in the credential and the network between n8n and the platform.',
			),
		);
	});

	test('an unknown host', async () => {
		const result = await testCredential({ ...key(), baseUrl: 'https://no-such-company.invalid' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			/^ELMA365: the platform could not be reached \(host not found\) \[(ENOTFOUND|EAI_AGAIN)\]\. Check the base URL in the credential and the network between n8n and the platform\.$/,
		);
	});

	test("a refused key (HTTP 403), with the platform's own text", async () => {
		expect(await testCredential({ ...key(), apiKey: 'wrong-key' })).toEqual(
			error(
				expect.stringMatching(
					/^The platform refused the API key \(HTTP 403\)\. Check the key in the ELMA365 credential and that its user still has access\./,
				) as never,
			),
		);
	});

	test('an address without the API (HTTP 404)', async () => {
		t.platform.script('GET', '/pub/v1/scheme/namespaces', { status: 404, body: 'not found' });
		expect(await testCredential(key())).toEqual(
			error(
				'The platform has no such address or object (HTTP 404). The platform said: "not found". Check the Base URL: the address of your company, e.g. https://mycompany.elma365.ru.',
			),
		);
	});

	test("success: false, with the platform's text", async () => {
		t.platform.script('GET', '/pub/v1/scheme/namespaces', {
			status: 200,
			body: { success: false, error: 'token expired' },
		});
		expect(await testCredential(key())).toEqual(error('ELMA365: token expired'));
		t.platform.script('GET', '/pub/v1/scheme/namespaces', {
			status: 200,
			body: { success: false },
		});
		expect(await testCredential(key())).toEqual(
			error('ELMA365: the platform answered "success: false"'),
		);
	});

	test('a server error and a page that is not JSON', async () => {
		t.platform.script('GET', '/pub/v1/scheme/namespaces', fail(500, 'database unavailable'));
		expect(await testCredential(key())).toEqual(
			error(
				'The platform failed to process the request (HTTP 500). The platform said: "database unavailable".',
			),
		);
		t.platform.script('GET', '/pub/v1/scheme/namespaces', {
			status: 200,
			body: '<html>Sign in</html>',
		});
		expect(await testCredential(key())).toEqual(
			error(
				'ELMA365: the platform answered with something that is not JSON (it began: "Sign in"). A proxy or login page in front of the platform, or another address.',
			),
		);
	});

	test('a redirect to another origin: reported, and the other server gets no request (so never the key)', async () => {
		const elsewhere: http.IncomingHttpHeaders[] = [];
		const other = http.createServer((request, response) => {
			elsewhere.push(request.headers);
			response.end('{"success": true}');
		});
		await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
		const { port } = other.address() as AddressInfo;
		try {
			t.platform.script('GET', '/pub/v1/scheme/namespaces', {
				status: 302,
				headers: { location: `http://127.0.0.1:${port}/pub/v1/scheme/namespaces` },
				body: '',
			});
			expect(await testCredential(key())).toEqual(
				error(
					'ELMA365: the address answered with a redirect (HTTP 302); the key is not sent on. Enter the address the platform is served at (check http/https and the host).',
				),
			);
			expect(elsewhere).toEqual([]);
		} finally {
			other.closeAllConnections();
			await new Promise<void>((resolve) => other.close(() => resolve()));
		}
	});

	test('a page that echoes the key: the message shows it redacted', async () => {
		t.platform.script(
			'GET',
			'/pub/v1/scheme/namespaces',
			fail(400, `bad request: Authorization: Bearer ${t.platform.apiKey}`),
		);
		const result = await testCredential(key());
		expect(result.status).toBe('Error');
		expect(result.message).not.toContain(t.platform.apiKey);
		expect(result.message).toContain('[redacted]');
	});

	describe('a certificate n8n cannot verify', () => {
		let server: https.Server;
		let url: string;
		beforeAll(async () => {
			server = https.createServer(selfSignedCertificate(), (_req, res) => {
				res
					.writeHead(200, { 'content-type': 'application/json' })
					.end('{"success": true, "result": []}');
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
		});
		afterAll(async () => {
			await new Promise((resolve) => server.close(resolve));
		});

		test('is explained, and accepted with Ignore SSL Issues', async () => {
			expect(await testCredential({ ...key(), baseUrl: url })).toEqual(
				error(
					"ELMA365: the platform's certificate could not be verified [DEPTH_ZERO_SELF_SIGNED_CERT]. A server with a self-signed or internal certificate: turn on Ignore SSL Issues in the credential, or give n8n the issuing CA (NODE_EXTRA_CA_CERTS).",
				),
			);
			expect(await testCredential({ ...key(), baseUrl: url, ignoreSslIssues: true })).toEqual(OK);
		});
	});
});
