import axios from 'axios';
import type { ICredentialTestRequest, IAuthenticateGeneric, IAuthenticateRuleResponseCode, IAuthenticateRuleResponseSuccessBody } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { loadPackage } from './harness/engine';
import { fail } from './harness/index.ts';
import { usePlatform } from './harness/setup';

const t = usePlatform();

async function credentialType() {
	const loader = await loadPackage();
	return loader.credentialTypes.elma365Api.type;
}

/** Resolves a credential expression the way n8n does, with n8n's own expression engine. */
function resolve(expression: string, credentials: Record<string, string>): string {
	const workflow = new Workflow({
		nodes: [],
		connections: {},
		active: false,
		nodeTypes: { getByName: () => undefined, getByNameAndVersion: () => undefined, getKnownTypes: () => ({}) } as never,
	});
	return workflow.expression.getParameterValue(expression, null, 0, 0, '', [], 'internal', { $credentials: credentials }) as string;
}

/** Sends the credential's test request with its authentication and applies its rules as n8n's tester does. */
async function testCredential(baseUrl: string, apiKey: string): Promise<{ status: 'OK' | 'Error'; message: string; url: string }> {
	const type = await credentialType();
	const test = type.test as ICredentialTestRequest;
	const auth = type.authenticate as IAuthenticateGeneric;
	const credentials = { baseUrl, apiKey };
	const url = resolve(test.request.baseURL as string, credentials) + test.request.url;
	const headers = Object.fromEntries(Object.entries(auth.properties.headers ?? {}).map(([k, v]) => [k, resolve(v as string, credentials)]));
	const response = await axios.request({ method: test.request.method, url, headers, validateStatus: () => true });
	const rules = (test.rules ?? []) as Array<IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody>;
	if (response.status >= 300) {
		const rule = rules.find((r) => r.type === 'responseCode' && r.properties.value === response.status);
		return { status: 'Error', message: rule ? rule.properties.message : `HTTP ${response.status}`, url };
	}
	const bodyRule = rules.find((r) => r.type === 'responseSuccessBody' && response.data?.[r.properties.key] === r.properties.value);
	return bodyRule ? { status: 'Error', message: bodyRule.properties.message, url } : { status: 'OK', message: '', url };
}

test('is named elma365Api, sends the key as a Bearer token, hides it, has themed icons and a full documentation URL', async () => {
	const type = await credentialType();
	expect(type.name).toBe('elma365Api');
	expect(type.displayName).toBe('ELMA365 API');
	expect(type.properties.map((p) => [p.name, p.type, p.required, p.typeOptions?.password ?? false])).toEqual([
		['baseUrl', 'string', true, false],
		['apiKey', 'string', true, true],
		['ignoreSslIssues', 'boolean', undefined, false],
	]);
	expect(type.authenticate).toEqual({ type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } } });
	expect(type.documentationUrl).toMatch(/^https:\/\//);
	const loader = await loadPackage();
	expect(loader.types.credentials.find((c) => c.name === 'elma365Api')?.iconUrl).toEqual({
		light: 'icons/n8n-nodes-elma365/dist/icons/elma365.svg',
		dark: 'icons/n8n-nodes-elma365/dist/icons/elma365.dark.svg',
	});
});

test('the test request reaches an authenticated endpoint for every accepted form of the base URL', async () => {
	t.platform.route('GET', '/pub/v1/scheme/namespaces', () => ({ status: 200, body: { success: true, result: [] } }));
	for (const suffix of ['', '/', '/pub/v1', '/pub/v1/', '  ']) {
		const result = await testCredential(t.platform.url + suffix, t.platform.apiKey);
		expect(result).toEqual({ status: 'OK', message: '', url: `${t.platform.url}/pub/v1/scheme/namespaces` });
	}
	expect(t.platform.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual(
		Array(5).fill(['GET', '/pub/v1/scheme/namespaces', `Bearer ${t.platform.apiKey}`]),
	);
});

test('the test request skips certificate checks exactly when Ignore SSL Issues is on', async () => {
	const test = (await credentialType()).test as ICredentialTestRequest;
	const expression = test.request.skipSslCertificateValidation as string;
	expect(resolve(expression, { ignoreSslIssues: true } as never)).toBe(true);
	expect(resolve(expression, { ignoreSslIssues: false } as never)).toBe(false);
	expect(resolve(expression, {})).toBe(false);
});

test('the test fails clearly on a refused key (403), a wrong address (404) and success: false', async () => {
	const refused = await testCredential(t.platform.url, 'wrong-key');
	expect(refused.status).toBe('Error');
	expect(refused.message).toMatch(/refused the API key \(HTTP 403\)/);

	t.platform.script('GET', '/pub/v1/scheme/namespaces', { status: 404, body: 'not found' });
	expect((await testCredential(t.platform.url, t.platform.apiKey)).message).toMatch(/No ELMA365 API at this address \(HTTP 404\)/);

	t.platform.script('GET', '/pub/v1/scheme/namespaces', { status: 200, body: { success: false, error: 'token expired' } });
	expect((await testCredential(t.platform.url, t.platform.apiKey)).message).toMatch(/success: false/);

	t.platform.script('GET', '/pub/v1/scheme/namespaces', fail(500, 'x'));
	expect((await testCredential(t.platform.url, t.platform.apiKey)).status).toBe('Error');
});
