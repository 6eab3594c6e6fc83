import type { IHttpRequestOptions } from 'n8n-workflow';
import { companyApiRoot } from './address';
import type { Bounds } from './bounds';
import {
	API_MAX_BYTES,
	DEFAULT_TIMEOUT_MS,
	TRANSFER_MAX_BYTES,
	readRequestSettings,
} from './bounds';
import type { ApiRequest, Elma365Context } from './types';
import { CREDENTIAL_TYPE } from './types';

/** A request made ready to send: n8n's HTTP options with the node's Request Options and the credential applied. */
export interface PreparedRequest {
	options: IHttpRequestOptions;
	bounds: Bounds;
	idempotent: boolean;
	/** The texts no failure may show (the API key), taken out of everything that came from the wire. */
	secrets: string[];
	ignoreSslIssues: boolean;
}

/** Reads the credential and Request Options and builds what every attempt of `request` sends. */
export async function prepareRequest(
	ctx: Elma365Context,
	request: ApiRequest,
	transfer: boolean,
): Promise<PreparedRequest> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const settings = readRequestSettings(ctx, request.itemIndex);
	const bounds: Bounds = {
		deadlineMs: settings.timeout ?? request.timeout ?? DEFAULT_TIMEOUT_MS,
		maxBytes:
			settings.maxBytes ?? request.maxBytes ?? (transfer ? TRANSFER_MAX_BYTES : API_MAX_BYTES),
	};
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${companyApiRoot(ctx, credentials.baseUrl, request.itemIndex)}${request.path}`,
		json: !Buffer.isBuffer(request.body) && !transfer,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Read as a stream so that the size cap and the deadline apply while the body arrives.
		encoding: 'stream',
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		// An idle timeout ends a silent server's connection; the deadline (bounds) ends a dripping one.
		timeout: bounds.deadlineMs,
	};
	if (credentials.ignoreSslIssues === true) options.skipSslCertificateValidation = true;
	if (request.headers) options.headers = { ...request.headers };
	if (request.body !== undefined) options.body = request.body;
	if (request.qs !== undefined && Object.keys(request.qs).length > 0) options.qs = request.qs;
	return {
		options,
		bounds,
		idempotent: settings.retryWrites || (request.idempotent ?? request.method !== 'POST'),
		secrets: [String(credentials.apiKey ?? '')],
		ignoreSslIssues: credentials.ignoreSslIssues === true,
	};
}
