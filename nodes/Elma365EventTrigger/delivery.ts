/** Request headers as n8n hands them over (names in lower case). */
type RequestHeaders = Record<string, string | string[] | undefined>;

/** The largest delivery accepted; the module's envelopes are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** How far a delivery's timestamp may be from n8n's clock, in seconds: older ones may be replays. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/** How many event IDs n8n's deduplication store keeps per trigger, to drop the module's retries. */
export const SEEN_EVENT_IDS = 200;

// Web Crypto (the global `crypto` of Node 22+), not `node:crypto`: shipped code loads no module but
// n8n-workflow (scripts/verify.mjs, runtime-access).

/** The secret of a new subscription: 32 random bytes, hex. */
export function newSecret(): string {
	return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');
}

/** The connector's signature of a delivery: hex HMAC-SHA256 of `<timestamp>.<raw body>`, keyed with the secret. */
export async function signDelivery(
	secret: string,
	timestamp: string,
	raw: Buffer,
): Promise<string> {
	const key = await crypto.subtle.importKey(
		'raw',
		Buffer.from(secret, 'utf8'),
		{ name: 'HMAC', hash: 'SHA-256' },
		false,
		['sign'],
	);
	const signed = Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), raw]);
	return Buffer.from(await crypto.subtle.sign('HMAC', key, signed)).toString('hex');
}

/**
 * Whether a delivery comes from our subscription: its `X-Elma365-Signature` is the HMAC of
 * `<X-Elma365-Timestamp>.<raw body>` keyed with the subscription's secret (compared in constant
 * time), and the timestamp is within MAX_CLOCK_SKEW_SECONDS of `nowMs`. No header carries the secret
 * itself, and none but these two is trusted: the event ID is read from the signed body.
 */
export async function isAuthentic(
	secret: string | undefined,
	headers: RequestHeaders,
	raw: Buffer | undefined,
	nowMs: number,
): Promise<boolean> {
	if (!secret || !Buffer.isBuffer(raw)) return false;
	const timestamp = header(headers, 'x-elma365-timestamp');
	if (!/^\d{1,12}$/.test(timestamp)) return false;
	if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return false;
	const expected = `sha256=${await signDelivery(secret, timestamp, raw)}`;
	return sameText(header(headers, 'x-elma365-signature'), expected);
}

function header(headers: RequestHeaders, name: string): string {
	const value = headers[name];
	return typeof value === 'string' ? value : '';
}

/** Equal texts, compared in time that depends on the length only, not on where they differ. */
function sameText(given: string, expected: string): boolean {
	const a = Buffer.from(given, 'utf8');
	const b = Buffer.from(expected, 'utf8');
	if (a.length !== b.length) return false;
	let difference = 0;
	for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
	return difference === 0;
}
