import { NodeApiError } from 'n8n-workflow';
import { triedTimes } from './errors';
import { redact } from './redact';
import type { ApiRequest, Elma365Context } from './types';

const NETWORK_REASONS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ECONNRESET: 'connection reset',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host not found',
	EPIPE: 'connection closed',
	ERR_BAD_RESPONSE: 'the answer was cut off or unreadable',
};

/** TLS codes of a server certificate n8n cannot verify (self-signed, internal CA, expired, other name). */
const CERTIFICATE_CODES = new Set([
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_HAS_EXPIRED',
	'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const CHECK_ADDRESS =
	'Check the base URL in the credential and the network between n8n and the platform.';

/** The system error code (ECONNREFUSED, ...) of a failed request, wherever the HTTP client put it. */
export function networkErrorCode(error: unknown): string {
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 4; depth++) {
		if (
			typeof current.code === 'string' &&
			(/^E[A-Z_]+$/.test(current.code) || CERTIFICATE_CODES.has(current.code))
		)
			return current.code;
		current = current.cause as typeof current;
	}
	return '';
}

/**
 * A failure before any HTTP answer (refused connection, unknown host, timeout, certificate) in
 * words: what the nodes' errors and the credential test both say.
 */
export function describeNetworkFailure(systemCode: string): { message: string; hint: string } {
	if (CERTIFICATE_CODES.has(systemCode)) {
		return {
			message: "ELMA365: the platform's certificate could not be verified",
			hint: 'A server with a self-signed or internal certificate: turn on Ignore SSL Issues in the credential, or give n8n the issuing CA (NODE_EXTRA_CA_CERTS).',
		};
	}
	if (systemCode === 'ERR_BAD_RESPONSE')
		return {
			message: "ELMA365: the platform's answer was cut off or unreadable",
			hint: CHECK_ADDRESS,
		};
	const reason = NETWORK_REASONS[systemCode] ? ` (${NETWORK_REASONS[systemCode]})` : '';
	return { message: `ELMA365: the platform could not be reached${reason}`, hint: CHECK_ADDRESS };
}

/** A failure before any HTTP answer: refused connection, DNS, timeout. Never carries the request's headers. */
export function networkError(
	ctx: Elma365Context,
	request: ApiRequest,
	error: unknown,
	attempts: number,
	timeoutMs: number,
	secrets: readonly string[],
): NodeApiError {
	const cause = {
		message: redact(
			String((error as { message?: string })?.message ?? 'network error'),
			secrets,
		).slice(0, 500),
	};
	const systemCode = networkErrorCode(error);
	const words = describeNetworkFailure(systemCode);
	const where = `Request: ${request.method} ${request.path}.`;
	// n8n rewrites any message that contains a system code, so the code goes into the description.
	if (CERTIFICATE_CODES.has(systemCode)) {
		return new NodeApiError(
			ctx.getNode(),
			{ message: cause?.message ?? 'certificate error', systemCode },
			{
				message: words.message,
				description: `${systemCode}. ${where} ${words.hint}`,
				itemIndex: request.itemIndex,
			},
		);
	}
	const timedOut =
		systemCode === 'ETIMEDOUT' || systemCode === 'ECONNABORTED'
			? ` No answer came within ${timeoutMs} ms (Request Options > Timeout).`
			: '';
	return new NodeApiError(
		ctx.getNode(),
		{ message: cause?.message ?? 'network error', systemCode },
		{
			message: words.message,
			description: `${systemCode ? `${systemCode}. ` : ''}${where}${timedOut}${triedTimes(attempts)} ${words.hint}`,
			itemIndex: request.itemIndex,
		},
	);
}

/** A connection that broke after the answer began, as the network error it becomes (the answer is cut off). */
export function cutOff(error: unknown): { code: string; message: string } {
	return {
		code: 'ERR_BAD_RESPONSE',
		message: String((error as { message?: string })?.message ?? 'cut off'),
	};
}
