/**
 * The credential's Test button as n8n runs it (POST /rest/credentials/test, n8n's CredentialsTester
 * picking the nodes' `testedBy` function): success against the sandbox, and each failure in words.
 */
import { state } from './helpers';

async function testCredential(
	data: Record<string, unknown>,
): Promise<{ status: string; message: string }> {
	const response = await fetch(`${state.n8nUrl}/rest/credentials/test`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', cookie: state.cookie },
		// As the editor sends it when the sample credential is edited and tested: the typed values win.
		body: JSON.stringify({
			credentials: { id: state.credentialId, name: 'ELMA365 sandbox', type: 'elma365Api', data },
		}),
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: { status: string; message: string } }).data;
}

test('the sandbox key is accepted', async () => {
	expect(await testCredential({ baseUrl: state.sandboxUrl, apiKey: state.sandboxKey })).toEqual({
		status: 'OK',
		message: 'Connection successful: the platform accepted the API key',
	});
});

test('a wrong key, an address without http(s):// and a closed port are explained in words', async () => {
	const refused = await testCredential({ baseUrl: state.sandboxUrl, apiKey: 'wrong-key' });
	expect(refused.status).toBe('Error');
	expect(refused.message).toMatch(
		/^The platform refused the API key \(HTTP 403\)\. Check the key in the ELMA365 credential/,
	);

	expect(
		await testCredential({ baseUrl: 'mycompany.elma365.ru', apiKey: state.sandboxKey }),
	).toEqual({
		status: 'Error',
		message:
			'The Base URL of the ELMA365 credential is not usable: "mycompany.elma365.ru" is not a web address; it must start with https:// (or http://), e.g. https://mycompany.elma365.ru',
	});

	expect(await testCredential({ baseUrl: 'http://127.0.0.1:9', apiKey: state.sandboxKey })).toEqual(
		{
			status: 'Error',
			message:
				'ELMA365: the platform could not be reached (connection refused) [ECONNREFUSED]. Check the base URL in the credential and the network between n8n and the platform.',
		},
	);
});
