import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { DEFAULT_TIMEOUT_MS } from '../limits';
import {
	BASE_URL_EXAMPLE,
	BASE_URL_UNUSABLE,
	isRedirect,
	parseBaseUrl,
	parseBody,
} from '../transport';
import {
	describeNetworkFailure,
	describeStatus,
	networkErrorCode,
	platformMessage,
	redactValue,
} from '../transport/errors';

/** The endpoint the credential test reads: cheap, authenticated, present on every version. */
export const CREDENTIAL_TEST_PATH = '/scheme/namespaces';

/**
 * One authenticated read, every failure said in the words the nodes use. n8n gives a credential
 * test no httpRequestWithAuthentication, only its legacy `request` helper, so the key is set here.
 */
export async function testCredential(
	ctx: ICredentialTestFunctions,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const parsed = parseBaseUrl(String(data.baseUrl ?? ''));
	if ('problem' in parsed)
		return { status: 'Error', message: `${BASE_URL_UNUSABLE}${parsed.problem}` };
	let response: { statusCode: number; body: unknown };
	try {
		response = (await ctx.helpers.request({
			method: 'GET',
			uri: `${parsed.root}${CREDENTIAL_TEST_PATH}`,
			headers: { Authorization: `Bearer ${String(data.apiKey ?? '')}` },
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			rejectUnauthorized: data.ignoreSslIssues !== true,
			timeout: DEFAULT_TIMEOUT_MS,
			// A redirect would carry the key to wherever it points: the test reports it instead.
			followRedirect: false,
			followAllRedirects: false,
		})) as { statusCode: number; body: unknown };
	} catch (error) {
		const code = networkErrorCode(error);
		const words = describeNetworkFailure(code);
		return {
			status: 'Error',
			message: `${words.message}${code ? ` [${code}]` : ''}. ${words.hint}`,
		};
	}
	const secrets = [String(data.apiKey ?? '')].filter((key) => key !== '');
	return judgeAnswer(response.statusCode, redactValue(parseBody(response.body), secrets));
}

/** The test's verdict on the platform's answer: OK only for a 2xx JSON object without `success: false`. */
function judgeAnswer(statusCode: number, body: unknown): INodeCredentialTestResult {
	const text = platformMessage(body);
	if (isRedirect(statusCode)) {
		return {
			status: 'Error',
			message: `ELMA365: the address answered with a redirect (HTTP ${statusCode}); the key is not sent on. Enter the address the platform is served at (check http/https and the host).`,
		};
	}
	if (statusCode < 200 || statusCode >= 300) {
		const advice =
			statusCode === 404
				? ` Check the Base URL: the address of your company, ${BASE_URL_EXAMPLE}.`
				: '';
		return {
			status: 'Error',
			message: `${describeStatus(statusCode)}${text ? ` The platform said: "${text}".` : ''}${advice}`,
		};
	}
	if (body && typeof body === 'object' && (body as IDataObject).success === false) {
		return {
			status: 'Error',
			message: `ELMA365: ${text ?? 'the platform answered "success: false"'}`,
		};
	}
	if (!body || typeof body !== 'object') {
		return {
			status: 'Error',
			message: `ELMA365: the platform answered with something that is not JSON (it began: "${(text ?? '').slice(0, 120)}"). A proxy or login page in front of the platform, or another address.`,
		};
	}
	return { status: 'OK', message: 'Connection successful: the platform accepted the API key' };
}

/**
 * The credential's Test button. n8n runs it through the `methods.credentialTest` of a node that
 * names it in `testedBy` (every node does, so any of them can test the credential); a declarative
 * `test` on the credential would only let n8n's own words through for a network failure.
 */
export const credentialTest = {
	async elma365ApiTest(
		this: ICredentialTestFunctions,
		credential: ICredentialsDecrypted,
	): Promise<INodeCredentialTestResult> {
		return await testCredential(this, credential.data ?? {});
	},
};
