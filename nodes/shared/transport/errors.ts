import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { BoundExceeded } from './bounds';
import type { ApiRequest, Elma365Context } from './types';

/** The platform's own words for a failure: its `error` text, or a short piece of a non-JSON body. */
export function platformMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object') {
		const data = body as IDataObject;
		for (const key of ['error', 'message', 'errorMessage']) {
			const value = data[key];
			if (typeof value === 'string' && value.trim() !== '') return value;
			if (
				value &&
				typeof value === 'object' &&
				typeof (value as IDataObject).message === 'string'
			) {
				return (value as IDataObject).message as string;
			}
		}
		return undefined;
	}
	if (typeof body === 'string' && body.trim() !== '') {
		const text = body
			.replace(/<[^>]*>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim();
		return text.length > 300 ? `${text.slice(0, 300)}…` : text;
	}
	return undefined;
}

/** What an HTTP status means for the user, in the words both the nodes and the credential test use. */
export function describeStatus(status: number): string {
	if (status === 403)
		return 'The platform refused the API key (HTTP 403). Check the key in the ELMA365 credential and that its user still has access.';
	if (status === 404) return 'The platform has no such address or object (HTTP 404).';
	if (status === 429)
		return 'The platform is limiting requests (HTTP 429) and still did so after the retries allowed.';
	if (status >= 500) return `The platform failed to process the request (HTTP ${status}).`;
	return `The platform rejected the request (HTTP ${status}).`;
}

/** The sentence that ends an error's description when the request was tried more than once. */
export function triedTimes(attempts: number): string {
	return attempts > 1 ? ` Tried ${attempts} times.` : '';
}

/** A failure the platform answered: a non-2xx status, or a 2xx with `success: false` (no status). */
export function apiError(
	ctx: Elma365Context,
	request: ApiRequest,
	status: number | undefined,
	body: unknown,
	attempts: number,
): NodeApiError {
	const text = platformMessage(body);
	const where = `${request.method} ${request.path}`;
	const message =
		status === undefined || status < 300
			? `ELMA365: ${text ?? 'the platform answered "success: false"'}`
			: `ELMA365 ${status}: ${text ?? describeStatus(status)}`;
	const description = `${status === undefined ? '' : `${describeStatus(status)} `}Request: ${where}.${triedTimes(attempts)}`;
	const errorData: JsonObject =
		body && typeof body === 'object' ? (body as JsonObject) : { message: text ?? '' };
	return new NodeApiError(ctx.getNode(), errorData, {
		message,
		description,
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: request.itemIndex,
	});
}

/** A 2xx whose body is not JSON: never output as if it were a result. */
export function notJsonError(
	ctx: Elma365Context,
	request: ApiRequest,
	body: unknown,
	attempts: number,
): NodeApiError {
	const text = platformMessage(body) ?? '';
	return new NodeApiError(
		ctx.getNode(),
		{ message: text },
		{
			message: 'ELMA365: the platform answered with something that is not JSON',
			description: `It began: "${text.slice(0, 120)}". A proxy or login page in front of the platform, or an answer cut short. Request: ${request.method} ${request.path}.${triedTimes(attempts)}`,
			itemIndex: request.itemIndex,
		},
	);
}

/** The failure of an answer past the deadline or the size cap. */
export function boundError(
	ctx: Elma365Context,
	request: ApiRequest,
	error: BoundExceeded,
	attempts: number,
): NodeApiError {
	const where = `Request: ${request.method} ${request.path}.${triedTimes(attempts)}`;
	if (error.kind === 'size') {
		return new NodeApiError(
			ctx.getNode(),
			{ message: error.message },
			{
				message: `ELMA365: the platform's answer is larger than ${formatBytes(error.limit)}; it was abandoned`,
				description: `${where} Raise Request Options > Max Response Size if such an answer is expected.`,
				itemIndex: request.itemIndex,
			},
		);
	}
	return new NodeApiError(
		ctx.getNode(),
		{ message: error.message },
		{
			message: `ELMA365: the platform's answer did not complete within ${error.limit} ms; it was abandoned`,
			description: `${where} The answer kept coming too slowly (Request Options > Timeout is the time one attempt may take in all).`,
			itemIndex: request.itemIndex,
		},
	);
}

function formatBytes(bytes: number): string {
	const mb = bytes / 1024 / 1024;
	return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${bytes} bytes`;
}
