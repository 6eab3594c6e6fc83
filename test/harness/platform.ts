/**
 * A platform double on 127.0.0.1: answers the public API like the platform does (envelope,
 * 403 on a wrong key, 400 with an error text, paging with from/size/total), keeps its data in
 * memory, records every request, and lets a test script faults in front of any route. Optionally
 * it applies a SaaS Standard company's per-minute quota of requests (`quota()`, quota.ts).
 *
 * Written in erasable TypeScript only (no enums, no parameter properties), so Node 24 can also
 * run it directly as the local sandbox.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { harnessClock } from './clock.ts';
import type { QuotaCounts, QuotaOptions } from './quota.ts';
import { RequestQuota } from './quota.ts';
import type { RequestShape } from './shapes.ts';
import { checkRequest } from './shapes.ts';
import { VENDOR_OPERATIONS } from './vendorOperations.ts';

export interface RecordedRequest {
	method: string;
	/** Path without the query string, as it arrived (still percent-encoded). */
	path: string;
	query: Record<string, string>;
	headers: http.IncomingHttpHeaders;
	/** Parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
	body: unknown;
	raw: Buffer;
	/** When it arrived, on the harness clock (virtual in a suite that uses one). */
	at: number;
	/** True on a request the per-minute quota refused with 429 (Platform.quota); absent otherwise. */
	refused?: true;
}

export interface Reply {
	status?: number;
	headers?: Record<string, string>;
	/** An object is sent as JSON; a string, Buffer or Readable (streamed, e.g. a large download) as it is. */
	body?: unknown;
	/** Delay before answering, in milliseconds. */
	delayMs?: number;
	/** Destroy the connection instead of answering. */
	reset?: boolean;
	/** Send the status line, headers and only this many bytes of the body, then destroy the connection. */
	cutAfterBytes?: number;
}

export type Handler = (
	request: RecordedRequest,
	params: Record<string, string>,
	platform: Platform,
) => Reply | Promise<Reply>;

interface Route {
	method: string;
	path: string;
	pattern: RegExp;
	keys: string[];
	handler: Handler;
	shape?: RequestShape;
}

interface Scripted {
	method: string;
	match: (path: string) => boolean;
	reply: Reply | Handler;
	times: number;
}

export type Collection = Map<string, Record<string, unknown>>;

/** Turns `/pub/v1/nomenclature/:id` into a regex capturing `id` (one decoded segment). */
function compile(path: string): { pattern: RegExp; keys: string[] } {
	const keys: string[] = [];
	const source = path
		.split('/')
		.map((segment) => {
			if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			keys.push(segment.slice(1));
			return '([^/]+)';
		})
		.join('/');
	return { pattern: new RegExp(`^${source}$`), keys };
}

/** The API root every operation of the vendor's list sits below. */
export const API_ROOT = '/pub/v1';

const PUBLISHED = VENDOR_OPERATIONS.map(([method, path]) => ({
	method,
	pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/**
 * Whether the vendor publishes `method path` (a path below API_ROOT): `published`, `other-method`
 * (the path is published with other methods only, listed in `allow`), or `unknown`.
 */
export function publication(
	method: string,
	path: string,
): { status: 'published' | 'other-method' | 'unknown'; allow: string[] } {
	const below = path.slice(API_ROOT.length);
	const samePath = PUBLISHED.filter((operation) => operation.pattern.test(below));
	if (samePath.some((operation) => operation.method === method))
		return { status: 'published', allow: [] };
	const allow = [...new Set(samePath.map((operation) => operation.method))];
	return { status: allow.length > 0 ? 'other-method' : 'unknown', allow };
}

/** The answer to a request the vendor does not publish: 404 for an unknown path, 405 for another method. */
function unpublished(method: string, path: string): Reply | undefined {
	if (!path.startsWith(`${API_ROOT}/`)) return undefined;
	const { status, allow } = publication(method, path);
	if (status === 'published') return undefined;
	if (status === 'other-method') {
		return { status: 405, headers: { allow: allow.join(', ') }, body: '405 method not allowed' };
	}
	return { status: 404, body: '404 page not found' };
}

export function ok(payload: Record<string, unknown> = {}): Reply {
	return { status: 200, body: { success: true, error: '', ...payload } };
}

export function fail(status: number, error: string): Reply {
	return { status, body: { success: false, error } };
}

/**
 * How the list routes treat `size` (Platform.listPaging): `exact` gives what is asked; `cap` gives
 * at most LIST_SIZE_LIMIT rows whatever is asked; `refuse` answers 400 to a size above it; `ignore`
 * disregards `from` and `size` and answers every row at once. The vendor documents "size: 100 max"
 * on some list pages and nothing about a larger size, so every one of these is a possible company.
 */
export type ListPaging = 'exact' | 'cap' | 'refuse' | 'ignore';

/** The page size limit of `cap` and `refuse`. */
export const LIST_SIZE_LIMIT = 100;

/** The list paging of the double that answers now (one double serves a test file at a time). */
let listPaging: ListPaging = 'exact';

/** A list answer in the platform's shape, paged with from/size taken from the body or the query. */
export function page(items: unknown[], window: { from?: unknown; size?: unknown }): Reply {
	const from = Math.max(0, Number(window.from ?? 0) || 0);
	const size = Math.max(0, Number(window.size ?? 100) || 100);
	if (listPaging === 'ignore') return ok({ result: { result: items, total: items.length } });
	if (listPaging === 'refuse' && size > LIST_SIZE_LIMIT) {
		return fail(400, `size: must be no greater than ${LIST_SIZE_LIMIT}`);
	}
	const given = listPaging === 'cap' ? Math.min(size, LIST_SIZE_LIMIT) : size;
	return ok({ result: { result: items.slice(from, from + given), total: items.length } });
}

/**
 * Every request any double received, in arrival order, kept only when ELMA_WIRE_DUMP names a
 * directory: the wire dump of engine.ts takes from it the slice that arrived during one run.
 */
export const wireLog: RecordedRequest[] = [];
const WIRE_DUMP = Boolean(process.env.ELMA_WIRE_DUMP);

export class Platform {
	readonly requests: RecordedRequest[] = [];
	readonly data: Record<string, Collection> = {};
	apiKey: string;
	url = '';
	private readonly routes: Route[] = [];
	private scripted: Scripted[] = [];
	private server: http.Server | undefined;
	private requestQuota: RequestQuota | undefined;

	constructor(apiKey: string) {
		this.apiKey = apiKey;
	}

	collection(name: string): Collection {
		this.data[name] ??= new Map();
		return this.data[name];
	}

	/**
	 * Serves `method path` with `handler`. With a `shape`, a request whose body or query does not fit
	 * it is refused with 400 (the checker's words) before the handler runs, as the platform would.
	 */
	route(method: string, path: string, handler: Handler, shape?: RequestShape): this {
		const { pattern, keys } = compile(path);
		this.routes.push({ method, path, pattern, keys, handler, shape });
		return this;
	}

	/** Every route served, with its declared shape (the table the evidence columns of docs/nodes/ follow). */
	endpoints(): Array<{ method: string; path: string; shape?: RequestShape }> {
		return this.routes.map(({ method, path, shape }) => ({ method, path, shape }));
	}

	/** Answers the next `times` matching requests with `reply`, before any route sees them. */
	script(method: string, path: string | RegExp, reply: Reply | Handler, times = 1): this {
		const match =
			typeof path === 'string' ? (p: string) => p === path : (p: string) => path.test(p);
		this.scripted.push({ method, match, reply, times });
		return this;
	}

	/** How the list routes treat `size` from now on (see ListPaging); reset() restores `exact`. */
	listPaging(mode: ListPaging): this {
		listPaging = mode;
		return this;
	}

	/**
	 * Puts the documented per-minute quota of web API requests in front of every route and script
	 * (quota.ts says how it counts and refuses), counting afresh from the next request; without
	 * options, takes it away. No quota is the default, and reset() takes it away.
	 */
	quota(options?: QuotaOptions): this {
		this.requestQuota = options && new RequestQuota(options);
		return this;
	}

	/** What the quota has counted since it was set: accepted and refused requests, per window. */
	quotaCounts(): QuotaCounts | undefined {
		return this.requestQuota?.counts();
	}

	/** The recorded requests the quota refused (each also in `requests`, marked `refused`). */
	get refused(): RecordedRequest[] {
		return this.requests.filter((request) => request.refused);
	}

	/**
	 * Forgets recorded requests, scripted replies and the quota and restores exact list paging;
	 * keeps the data.
	 */
	reset(): void {
		// A test's connections end with it: one left open would hold the next test's clock.
		this.server?.closeAllConnections();
		this.requests.length = 0;
		this.scripted = [];
		this.requestQuota = undefined;
		listPaging = 'exact';
	}

	async listen(port = 0): Promise<string> {
		this.server = http.createServer((req, res) => {
			this.handle(req, res).catch((error: unknown) => {
				res.statusCode = 500;
				res.end(String(error));
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
		const { port: bound } = this.server.address() as AddressInfo;
		this.url = `http://127.0.0.1:${bound}`;
		return this.url;
	}

	async close(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
		this.server = undefined;
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		harnessClock.touch();
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const raw = Buffer.concat(chunks);
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		let body: unknown;
		const text = raw.toString('utf8');
		if (raw.length > 0) {
			try {
				body = JSON.parse(text);
			} catch {
				body = text;
			}
		}
		const request: RecordedRequest = {
			method: req.method ?? 'GET',
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			headers: req.headers,
			body,
			raw,
			at: harnessClock.now(),
		};
		this.requests.push(request);
		if (WIRE_DUMP) wireLog.push(request);
		const reply = await this.answer(request);
		if (reply.delayMs) await harnessClock.sleep(reply.delayMs);
		if (reply.reset) {
			req.socket.destroy();
			return;
		}
		if (reply.body instanceof Readable) {
			res.writeHead(reply.status ?? 200, {
				'content-type': 'application/octet-stream',
				...reply.headers,
			});
			await pipeline(reply.body, res);
			return;
		}
		const isBytes = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
		const payload =
			reply.body === undefined
				? ''
				: isBytes
					? (reply.body as string | Buffer)
					: JSON.stringify(reply.body);
		res.writeHead(reply.status ?? 200, {
			'content-type': isBytes ? 'text/plain; charset=utf-8' : 'application/json',
			...(reply.cutAfterBytes === undefined
				? {}
				: { 'content-length': String(Buffer.byteLength(payload)) }),
			...reply.headers,
		});
		if (reply.cutAfterBytes !== undefined) {
			const bytes = Buffer.from(payload);
			res.write(bytes.subarray(0, reply.cutAfterBytes));
			await harnessClock.sleep(20);
			req.socket.destroy();
			return;
		}
		res.end(payload);
	}

	private async answer(request: RecordedRequest): Promise<Reply> {
		// The quota stands in front of everything, as the platform's gateway would.
		const refusal = request.path.startsWith(`${API_ROOT}/`)
			? this.requestQuota?.admit(harnessClock.now())
			: undefined;
		if (refusal) {
			request.refused = true;
			return refusal;
		}
		const scripted = this.scripted.find(
			(s) => s.method === request.method && s.match(request.path),
		);
		if (scripted) {
			scripted.times -= 1;
			if (scripted.times <= 0) this.scripted.splice(this.scripted.indexOf(scripted), 1);
			return typeof scripted.reply === 'function'
				? scripted.reply(request, {}, this)
				: scripted.reply;
		}
		return await this.routed(request);
	}

	/**
	 * The answer of the routes alone (key check, shape check, handler), as an unscripted request gets:
	 * a scripted handler may wrap it, e.g. to hold a reply or count requests in flight.
	 */
	async routed(request: RecordedRequest): Promise<Reply> {
		if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
			return fail(403, 'access denied: invalid token');
		}
		for (const route of this.routes) {
			if (route.method !== request.method) continue;
			const match = route.pattern.exec(request.path);
			if (!match) continue;
			const refusal = route.shape?.link ? undefined : unpublished(request.method, request.path);
			if (refusal) return refusal;
			const params = Object.fromEntries(
				route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1])]),
			);
			const problem =
				route.shape && checkRequest(route.shape, request.body, request.query, request.raw.length);
			if (problem) return fail(400, problem);
			return route.handler(request, params, this);
		}
		return unpublished(request.method, request.path) ?? { status: 404, body: '404 page not found' };
	}
}

/**
 * Scripted faults for the reliability suite: what a slow, overloaded or broken platform (or a proxy
 * in front of it) answers. Use with `platform.script(method, path, faults.x(), times)`.
 */
export const faults = {
	/** A normal answer, late. */
	latency: (delayMs: number, reply: Reply = ok()): Reply => ({ ...reply, delayMs }),
	/** The connection is dropped before any answer. */
	resetBeforeResponse: (): Reply => ({ reset: true }),
	/** Status and headers arrive, then the connection drops half-way through the body. */
	resetMidResponse: (): Reply => ({
		status: 200,
		body: { success: true, error: '', item: { __id: 'cut', padding: 'x'.repeat(2000) } },
		cutAfterBytes: 40,
	}),
	/** 429, with `Retry-After` in seconds when given. */
	tooManyRequests: (retryAfter?: string): Reply => ({
		status: 429,
		headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
		body: { success: false, error: 'too many requests' },
	}),
	/** A 5xx in the platform's envelope; `retryAfter` (seconds) keeps scripted bursts fast. */
	serverError: (
		status: number,
		error = `internal failure ${status}`,
		retryAfter?: string,
	): Reply => ({
		status,
		headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
		body: { success: false, error },
	}),
	/** A proxy's HTML error page. */
	htmlErrorPage: (status = 502, retryAfter?: string): Reply => ({
		status,
		headers: {
			'content-type': 'text/html; charset=utf-8',
			...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
		},
		body: `<html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>`,
	}),
	/** 200 with a JSON content type and a body cut in the middle of an object. */
	malformedJson: (): Reply => ({
		status: 200,
		headers: { 'content-type': 'application/json' },
		body: '{"success": true, "item": {"__id": "x", "name',
	}),
	/** A list page whose `total` promises far more than will ever come. */
	lyingTotal: (items: unknown[] = [{ __id: 'only-one' }], total = 1_000_000): Reply =>
		ok({ result: { result: items, total } }),
	/** A status with no body at all. */
	emptyBody: (status = 200): Reply => ({
		status,
		headers: { 'content-type': 'application/json' },
		body: '',
	}),
	/** A very large answer: a JSON success carrying `bytes` of text, or an error page of that size. */
	hugeBody: (bytes = 5_000_000, status = 200): Reply =>
		status < 300
			? ok({
					item: { __id: 'huge', blob: 'x'.repeat(bytes) },
					result: { result: [{ __id: 'huge', blob: 'x'.repeat(bytes) }], total: 1 },
				})
			: {
					status,
					body: `<html><body>${'overloaded '.repeat(Math.ceil(bytes / 11))}</body></html>`,
				},
};

export function newId(): string {
	return randomUUID();
}
