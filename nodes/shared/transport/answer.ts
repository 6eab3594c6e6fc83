import type { IDataObject } from 'n8n-workflow';
import type { Attempt, AttemptResult } from './attempt';
import { BoundExceeded, readBounded } from './bounds';
import { parseBody } from './envelope';
import { apiError, boundError, notJsonError } from './errors';
import { cutOff, networkError } from './errors';
import { redactValue } from './errors';
import { isRetriableStatus, MAX_SINGLE_WAIT_MS, retryAfterMs, retryAfterWaitMs } from './retry';
import type { Answer } from './send';

/** Reads an API answer within the attempt's bounds and turns it into the result or the failure it means. */
export async function readAnswer(attempt: Attempt, answer: Answer): Promise<AttemptResult> {
	let raw: Buffer;
	try {
		raw = await readBounded(answer.body, attempt.deadline, attempt.prepared.bounds);
	} catch (error) {
		return unreadAnswer(attempt, error);
	}
	const body = parseBody(raw);
	if (answer.status >= 200 && answer.status < 300)
		return { kind: 'result', body: successBody(attempt, answer.status, body) };
	return refusal(attempt, answer, body);
}

/** An answer that could not be read in full: past a bound, or cut off by a broken connection. */
function unreadAnswer({ ctx, request, prepared, number }: Attempt, error: unknown): AttemptResult {
	if (!(error instanceof BoundExceeded)) {
		// The connection broke after the answer began: the answer is cut off.
		const { deadlineMs } = prepared.bounds;
		const failure = networkError(ctx, request, cutOff(error), number, deadlineMs, prepared.secrets);
		if (prepared.idempotent) return { kind: 'retry', failure };
		throw failure;
	}
	const failure = boundError(ctx, request, error, number);
	if (error.kind === 'deadline' && prepared.idempotent) return { kind: 'retry', failure };
	throw failure;
}

/** The result of a 2xx: its JSON object, unless the envelope says `success: false` or it is not JSON. */
function successBody(
	{ ctx, request, prepared, number }: Attempt,
	status: number,
	body: unknown,
): IDataObject {
	request.onStatus?.(status);
	if (body && typeof body === 'object' && (body as IDataObject).success === false) {
		throw apiError(ctx, request, undefined, redactValue(body, prepared.secrets), number);
	}
	if (body === undefined) return {};
	if (typeof body !== 'object') {
		// A JSON API that answers 2xx with text (a cut body, a proxy's or login page) has not done the work we can see.
		throw notJsonError(ctx, request, redactValue(body, prepared.secrets), number);
	}
	return body as IDataObject;
}

/** A non-2xx answer: the item's error, or another attempt for 429 and (idempotent) 5xx after the wait asked for. */
function refusal(
	{ ctx, request, prepared, number }: Attempt,
	answer: Answer,
	body: unknown,
): AttemptResult {
	const { status } = answer;
	const failure = apiError(ctx, request, status, redactValue(body, prepared.secrets), number);
	if (!isRetriableStatus(status, prepared.idempotent)) throw failure;
	const asked = retryAfterMs(answer.headers);
	if (asked !== undefined && asked > MAX_SINGLE_WAIT_MS) throw failure;
	return {
		kind: 'retry',
		failure,
		waitMs: asked === undefined ? undefined : retryAfterWaitMs(asked),
	};
}
