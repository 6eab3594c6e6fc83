import type { IDataObject } from 'n8n-workflow';

/** Request headers as n8n hands them over (names in lower case). */
type RequestHeaders = Record<string, string | string[] | undefined>;

/** The largest delivery accepted; the module's envelopes are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** How far a delivery's timestamp may be from n8n's clock, in seconds: older ones may be replays. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/** How many event IDs are remembered to drop the module's retries of a delivered event. */
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
 * Whether a delivery comes from our subscription: the secret and the signature match (compared in
 * constant time) and its timestamp is within MAX_CLOCK_SKEW_SECONDS of `nowMs`.
 */
export async function isAuthentic(
	secret: string | undefined,
	headers: RequestHeaders,
	raw: Buffer | undefined,
	nowMs: number,
): Promise<boolean> {
	if (!secret || !Buffer.isBuffer(raw)) return false;
	const timestamp = header(headers, 'x-elma365-timestamp');
	if (!sameText(header(headers, 'x-elma365-secret'), secret)) return false;
	if (!/^\d{1,12}$/.test(timestamp)) return false;
	if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return false;
	const expected = `sha256=${await signDelivery(secret, timestamp, raw)}`;
	return sameText(header(headers, 'x-elma365-signature'), expected);
}

/**
 * The event IDs each subscription delivered in this n8n process. n8n 2.41 does not save the static
 * data a webhook changed when the webhook starts an execution (its runner wraps the same static data
 * in a new Workflow before the save, which clears the change flag: seen in the e2e suite), so the
 * retry of an event that started an execution is recognised here; the static data adds what n8n saved.
 */
const deliveredHere = new Map<string, string[]>();

/** Whether `eventId` is among the remembered IDs of the node's static data or of this process. */
export function wasDelivered(data: IDataObject, eventId: string): boolean {
	const here = deliveredHere.get(String(data.subscriptionId)) ?? [];
	return seenIds(data).includes(eventId) || here.includes(eventId);
}

/** Remembers `eventId` in the static data and in this process, keeping the last SEEN_EVENT_IDS of each. */
export function rememberDelivery(data: IDataObject, eventId: string): void {
	data.seenEventIds = [...seenIds(data), eventId].slice(-SEEN_EVENT_IDS);
	const key = String(data.subscriptionId);
	deliveredHere.set(key, [...(deliveredHere.get(key) ?? []), eventId].slice(-SEEN_EVENT_IDS));
}

/** Forgets what a removed subscription delivered. */
export function forgetDeliveries(subscriptionId: string): void {
	deliveredHere.delete(subscriptionId);
}

function seenIds(data: IDataObject): string[] {
	return Array.isArray(data.seenEventIds) ? (data.seenEventIds as string[]) : [];
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
