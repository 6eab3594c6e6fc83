/**
 * The contract between this module and the n8n trigger (CONTRACT.md): event names, validation of a
 * subscription, the delivery envelope, its signature and the bounded retries.
 */
import { hmacSha256Hex } from './hmac';

export const MODULE_VERSION = '0.2.0-beta';

export const EVENTS = [
	'item.created',
	'item.updated',
	'item.status_changed',
	'item.deleted',
	'item.comment_added',
	'user.created',
	'user.updated',
	'process.activity',
];

export const MIN_SECRET_LENGTH = 16;
export const MAX_ATTEMPTS = 3;
/** Waits before the 2nd and 3rd attempt, in milliseconds. */
export const BACKOFF_MS = [500, 1500];

export interface Subscription {
	id: string;
	url: string;
	events: string[];
	applications: string[];
	secret: string;
}

export interface SubscriptionInput {
	url: string;
	events: string[];
	applications: string[];
	secret: string;
}

export interface Envelope {
	id: string;
	event: string;
	time: string;
	namespace?: string;
	application?: string;
	item?: unknown;
	context?: unknown;
}

/** A subscription's fields checked, or the reason it is refused. */
export function validateSubscription(body: unknown): SubscriptionInput | string {
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		return 'the body must be a JSON object';
	const input = body as Record<string, unknown>;
	if (typeof input.url !== 'string' || !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(input.url))
		return 'url must be an http or https URL';
	if (!Array.isArray(input.events) || input.events.length === 0)
		return 'events must be a non-empty array of event names';
	for (const event of input.events) {
		if (typeof event !== 'string' || !EVENTS.includes(event))
			return `unknown event "${String(event)}", expected one of ${EVENTS.join(', ')}`;
	}
	const applications = input.applications ?? [];
	if (!Array.isArray(applications)) return 'applications must be an array of "namespace/code"';
	for (const application of applications) {
		if (typeof application !== 'string' || !/^[A-Za-z0-9_]+\/[A-Za-z0-9_]+$/.test(application))
			return `application "${String(application)}" must be "namespace/code"`;
	}
	if (typeof input.secret !== 'string' || input.secret.length < MIN_SECRET_LENGTH)
		return `secret must be a string of at least ${MIN_SECRET_LENGTH} characters`;
	return {
		url: input.url,
		events: input.events as string[],
		applications: applications as string[],
		secret: input.secret,
	};
}

/**
 * Does the subscription want this event (and this app, for item events)? An item event whose app
 * is not known matches only subscriptions for all apps.
 */
export function matches(
	subscription: Subscription,
	event: string,
	namespace?: string,
	application?: string,
): boolean {
	if (!subscription.events.includes(event)) return false;
	if (!event.startsWith('item.') || subscription.applications.length === 0) return true;
	if (!namespace || !application) return false;
	return subscription.applications.includes(`${namespace}/${application}`);
}

/** Equal texts, compared in time that depends on the length only, not on where they differ. */
export function sameText(given: string, expected: string): boolean {
	if (given.length !== expected.length) return false;
	let difference = 0;
	for (let i = 0; i < given.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
	return difference === 0;
}

/** A version 4 UUID from Math.random: unique per event, not a secret. */
export function newEventId(): string {
	const hex = '0123456789abcdef';
	let id = '';
	for (let i = 0; i < 36; i++) {
		if (i === 8 || i === 13 || i === 18 || i === 23) id += '-';
		else if (i === 14) id += '4';
		else if (i === 19) id += hex[8 + Math.floor(Math.random() * 4)];
		else id += hex[Math.floor(Math.random() * 16)];
	}
	return id;
}

/**
 * The headers of a delivery: the timestamp and the HMAC-SHA256 signature of
 * `"<timestamp>.<raw body>"`, keyed with the subscription's secret (as Stripe and GitHub sign their
 * webhooks). No header carries the secret, and the event ID travels in the signed body only.
 */
export function signedHeaders(
	secret: string,
	rawBody: string,
	unixSeconds: number,
): Record<string, string> {
	return {
		'Content-Type': 'application/json',
		'X-Elma365-Timestamp': String(unixSeconds),
		'X-Elma365-Signature': `sha256=${hmacSha256Hex(secret, `${unixSeconds}.${rawBody}`)}`,
	};
}

export interface Delivery {
	ok: boolean;
	attempts: number;
	status?: number;
	answer?: string;
	error?: string;
}

/**
 * Whether an answer is worth another attempt: a 5xx, or a 401. n8n answers 401 in the moment
 * between this module storing a new subscription and n8n saving its secret (the trigger's
 * activation); the attempt after the wait then gets through. A 401 for a wrong secret costs two
 * attempts more.
 */
function worthRetrying(status: number): boolean {
	return status >= 500 || status === 401;
}

/**
 * POST the envelope, up to MAX_ATTEMPTS times on a network error, a 5xx or a 401, with the same
 * event ID, body, timestamp and signature each time (the receiver drops a repeated event ID). Script
 * `fetch` per TS SDK quick-start/intro_fetch: `fetch(url, { method, headers, body })`.
 */
export async function deliver(subscription: Subscription, envelope: Envelope): Promise<Delivery> {
	const rawBody = JSON.stringify(envelope);
	const timestamp = Math.floor(Date.now() / 1000);
	const headers = signedHeaders(subscription.secret, rawBody, timestamp);
	let last: Delivery = { ok: false, attempts: 0 };
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		if (attempt > 1) await pause(BACKOFF_MS[attempt - 2]);
		try {
			const response = await fetch(subscription.url, { method: 'POST', headers, body: rawBody });
			const answer = await response.text();
			last = { ok: response.status < 300, attempts: attempt, status: response.status, answer };
			if (!worthRetrying(response.status)) return last;
		} catch (error) {
			last = { ok: false, attempts: attempt, error: String(error) };
		}
	}
	return last;
}

/** The help does not say whether scripts have timers: without one the retries follow at once. */
function pause(ms: number): Promise<void> {
	const timer = typeof setTimeout === 'function' ? setTimeout : undefined;
	if (!timer) return Promise.resolve();
	return new Promise((resolve) => timer(resolve, ms));
}
