import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import type { Bounds } from './bounds';
import { beforeDeadline, BoundExceeded } from './bounds';
import { MAX_REDIRECTS, redirectTarget } from './redirects';
import type { Elma365Context } from './types';
import { CREDENTIAL_TYPE } from './types';

/** What one attempt got back: status, headers, the body still unread (a stream), and the address that answered. */
export interface Answer {
	status: number;
	headers: IDataObject;
	body: unknown;
	url: string;
}

/**
 * Sends one attempt and returns the answer with its body unread, without ever letting n8n's helper
 * follow a redirect (it would send the key to any origin a redirect names). Same-origin redirects
 * are followed here with the same method and body; others are returned to the caller.
 */
export async function sendFollowingSameOrigin(
	ctx: Elma365Context,
	options: IHttpRequestOptions,
	deadline: AbortSignal,
	bounds: Bounds,
	withKey: boolean,
): Promise<Answer> {
	let url = options.url;
	for (let hops = 0; ; hops++) {
		// The query is part of the first URL only; a redirect's Location carries its own.
		const sent = hops === 0 ? { ...options, url } : { ...options, url, qs: undefined };
		const pending = withKey
			? ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, sent)
			: ctx.helpers.httpRequest(sent);
		let response: IN8nHttpFullResponse;
		try {
			response = await beforeDeadline(pending as Promise<IN8nHttpFullResponse>, deadline, bounds);
		} catch (error) {
			// Where the deadline also aborted the HTTP client, its cancel error names the deadline.
			throw deadline.aborted ? new BoundExceeded('deadline', bounds.deadlineMs) : error;
		}
		const answer: Answer = {
			status: response.statusCode,
			headers: (response.headers ?? {}) as IDataObject,
			body: response.body,
			url,
		};
		const next = redirectTarget(answer);
		if (next === undefined) return answer;
		if (next.origin !== new URL(url).origin || hops >= MAX_REDIRECTS) return answer;
		discard(answer.body);
		url = next.href;
	}
}

/** Closes a body that will not be read, so its connection is freed. */
export function discard(body: unknown): void {
	const stream = body as { destroy?: () => void } | undefined;
	if (stream && typeof stream.destroy === 'function') stream.destroy();
}
