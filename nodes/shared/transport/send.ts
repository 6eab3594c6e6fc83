import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import type { Bounds } from './bounds';
import { BoundExceeded, beforeDeadline, discard } from './bounds';
import type { Throttle } from '../flow';
import { clock } from '../flow';
import type { HttpResponse, ApiRequest, Elma365Context } from './types';

/** The credential type every request is authenticated with. */
export const CREDENTIAL_TYPE = 'elma365Api';

/** Same-origin redirects followed for one request; cross-origin ones are never followed with the key. */
export const MAX_REDIRECTS = 5;

/** A request made ready to send: n8n's HTTP options with the node's Request Options and the credential applied. */
export interface PreparedRequest {
	ctx: Elma365Context;
	request: ApiRequest;
	/** How the caller wants the answer: parsed JSON, all bytes in memory, or a stream of bytes. */
	mode: 'json' | 'buffer' | 'stream';
	options: IHttpRequestOptions;
	bounds: Bounds;
	idempotent: boolean;
	/** The texts no failure may show (the API key), taken out of everything that came from the wire. */
	secrets: string[];
	ignoreSslIssues: boolean;
	/** Request Options > Max Quota Wait, in ms. */
	maxQuotaWaitMs: number;
	/** The window the request waits in: its own (the pager's) or the run's. */
	window: Throttle;
	/** Sends made so far; the last one's deadline (Request Options > Timeout, from sending). */
	sent: number;
	deadline: AbortSignal;
}

/**
 * Sends the prepared request once and returns the answer with its body unread, without ever letting n8n's
 * helper follow a redirect with the key (it would send the key to any origin a redirect names).
 * Same-origin redirects are followed here with the same method and body; others are returned to
 * the caller. `withKey` false: a storage link on another origin, fetched without the credential.
 */
export async function send(
	prepared: PreparedRequest,
	options = prepared.options,
	withKey = true,
): Promise<HttpResponse> {
	const { ctx, bounds } = prepared;
	prepared.sent += 1;
	prepared.deadline = clock().deadline(bounds.deadlineMs);
	// n8n replaces this with the execution's stop signal in node executions; elsewhere (pickers, triggers) it also ends the attempt at the deadline.
	options.abortSignal = prepared.deadline;
	let url = options.url;
	for (let hops = 0; ; hops++) {
		// The query is part of the first URL only; a redirect's Location carries its own.
		const sent = hops === 0 ? { ...options, url } : { ...options, url, qs: undefined };
		const pending = withKey
			? ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, sent)
			: ctx.helpers.httpRequest(sent);
		let fullResponse: IN8nHttpFullResponse;
		try {
			fullResponse = await beforeDeadline(
				pending as Promise<IN8nHttpFullResponse>,
				prepared.deadline,
				bounds,
			);
		} catch (error) {
			// Where the deadline also aborted the HTTP client, its cancel error names the deadline.
			throw prepared.deadline.aborted ? new BoundExceeded('deadline', bounds.deadlineMs) : error;
		}
		const headers = (fullResponse.headers ?? {}) as IDataObject;
		const response: HttpResponse = {
			status: fullResponse.statusCode,
			headers,
			body: fullResponse.body,
			url,
		};
		const next = redirectTarget(response);
		if (
			!withKey ||
			next === undefined ||
			next.origin !== new URL(url).origin ||
			hops >= MAX_REDIRECTS
		)
			return response;
		discard(response.body);
		url = next.href;
	}
}

/** Whether an HTTP status is a redirect that names its target in Location. */
export function isRedirect(status: number): boolean {
	return [301, 302, 303, 307, 308].includes(status);
}

/** Where a redirect points, resolved against the address that answered; undefined for any other answer or without a usable Location. */
export function redirectTarget(response: HttpResponse): URL | undefined {
	if (!isRedirect(response.status)) return undefined;
	const value = response.headers.location;
	const location = Array.isArray(value) ? value[0] : value;
	if (location === undefined || location === null) return undefined;
	try {
		return new URL(String(location), response.url);
	} catch {
		return undefined;
	}
}
