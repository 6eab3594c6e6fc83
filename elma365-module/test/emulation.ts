/**
 * An emulation of the ELMA365 TS SDK surface the module's scripts use (src/sdk.d.ts), to run the
 * paste-ready scripts (scripts/bundle.js) in Node. Every global and field it offers is one the
 * vendor's own code or help shows (sources beside each); nothing else is there, so a script that
 * reads anything more finds `undefined`, as on a guess that the platform does not honour.
 * `startModule` serves the API methods over HTTP on 127.0.0.1 at
 * /api/extensions/<module-uuid>/script/<method> with a Bearer token, as help extention-api documents
 * for External methods. `answerApi` and `emit` are the same pieces without a server of their own:
 * the e2e sandbox (e2e/sandboxConnector.ts) serves them on its company's origin.
 */
import * as http from 'node:http';
import * as vm from 'node:vm';
import { randomUUID } from 'node:crypto';
import * as ts from 'typescript';

import { components } from '../scripts/bundle.js';

/**
 * `Namespace.storage`: text values by key, `setItem(key, text)` and `getItem(key)` (sekiro33/kedo-dev,
 * kedoSolution/extensions/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed___scripts.ts, and the
 * HR solution's widgets, which test `if (!json)` after `getItem`); at most 16 MB a value (help
 * platform/2023_10, TEAM-18590). A key never set answers null here: the vendor's code only shows
 * that it is falsy (unverified which).
 */
export class ModuleStorage {
	readonly values = new Map<string, string>();
	reads = 0;
	writes = 0;

	async getItem(key: string): Promise<string | null> {
		this.reads++;
		return this.values.get(key) ?? null;
	}

	async setItem(key: string, value: string): Promise<void> {
		if (typeof value !== 'string') throw new Error('Namespace.storage takes text values');
		if (Buffer.byteLength(value) > 16 * 1024 * 1024) throw new Error('value over 16 MB');
		this.writes++;
		this.values.set(key, value);
	}

	/** The module's subscriptions as its store holds them (src/store.ts). */
	subscriptions(): Array<Record<string, unknown>> {
		return JSON.parse(this.values.get('n8n_subscriptions') ?? '[]');
	}
}

/**
 * `new HttpResponse().status(201).json({...})`, `new HttpResponse(200).content(text)` (sekiro33/kedo-dev,
 * kedoSolution/extensions/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed___scripts.ts).
 */
class HttpResponse {
	statusCode: number;
	body = '';
	constructor(status = 200) {
		this.statusCode = status;
	}
	status(code: number) {
		this.statusCode = code;
		return this;
	}
	json(value: unknown) {
		this.body = JSON.stringify(value);
		return this;
	}
	content(text: string) {
		this.body = text;
		return this;
	}
}

/**
 * The handler context of an App Items event as the vendor's handlers read it (sekiro33/kedo-dev,
 * kedoSolution/event-bus/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed/c3d3c857-96ce-48f0-ac57-3366e292a60e.json):
 * `__item` {namespace, code, id} (its `fetch()` is added by `emit`) and `item` {__id, __name,
 * fields}. `update` adds `__data.item`, which the same solution's `item_update` handlers read
 * (eac85c5e-136d-469a-8997-7b614bdf7d45.json).
 */
export function itemEvent(
	namespace: string,
	code: string,
	item: Record<string, unknown> & { __id: string },
	update = false,
): Record<string, unknown> {
	return {
		__item: { namespace, code, id: item.__id },
		item,
		...(update ? { __data: { item } } : {}),
	};
}

export interface Sandbox {
	storage: ModuleStorage;
	context: { data: Record<string, unknown>; json(): unknown };
	errors: string[];
	/** Waits the scripts asked for (their retry backoff), in ms; served at once. */
	waits: number[];
	/** Calls of `Context.data.__item.fetch()`. */
	itemFetches: number;
	/** The company's items that `__item.fetch()` reads, by `namespace/code/id`. */
	items: Map<string, Record<string, unknown>>;
	run(component: string, fn: string, ...args: unknown[]): Promise<unknown>;
}

const compiled = new Map<string, string>();
function script(component: string): string {
	let js = compiled.get(component);
	if (!js) {
		const source = components()[component];
		if (!source) throw new Error(`no component ${component}`);
		js = ts.transpileModule(source, {
			compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None },
		}).outputText;
		compiled.set(component, js);
	}
	return js;
}

/** The module setting `subscribe_key` the emulated administrator set (src/api.ts). */
export const SUBSCRIBE_KEY = 'subscribe-key-set-by-the-administrator';

export interface SandboxOptions {
	storage?: ModuleStorage;
	/**
	 * The module's settings, `Namespace.params.data` (read so in the vendor's activities: kedo-dev,
	 * kedoSolution/processor/entities/ca/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed/create_child_care_vacation_1c.ts);
	 * by default `subscribe_key` is SUBSCRIBE_KEY.
	 */
	settings?: Record<string, unknown>;
	/** What the scripts' `fetch` goes through (Node's by default). */
	network?: typeof fetch;
	/**
	 * Whether scripts have `setTimeout`. No vendor page says they do (unverified), so the scripts
	 * must work without it; with it, its waits are recorded and served at once.
	 */
	timers?: boolean;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
	const {
		storage = new ModuleStorage(),
		network = fetch,
		timers = true,
		settings = { subscribe_key: SUBSCRIBE_KEY },
	} = options;
	const errors: string[] = [];
	const waits: number[] = [];
	const context = {
		data: {} as Record<string, unknown>,
		/** `Context.json()` (kedo-dev event-bus eac85c5e-136d-469a-8997-7b614bdf7d45.json). */
		json(): unknown {
			return JSON.parse(JSON.stringify(this.data));
		},
	};
	const globals: Record<string, unknown> = {
		// `fetch(url, {method, headers, body})`, answer `status` and `text()`: help extention-api;
		// kedo-dev event-bus da1a4d68-206c-4955-9579-24e4328491aa.json posts with it from a handler.
		fetch: async (
			url: string,
			init: { method?: string; headers?: Record<string, string>; body?: string },
		) => {
			const response = await network(url, init);
			const text = await response.text();
			return { status: response.status, text: async () => text };
		},
		Context: context,
		Namespace: { storage, params: { data: settings } },
		HttpResponse,
		// `console.error` (kedo-dev widget scripts log with it).
		console: { error: (...values: unknown[]) => errors.push(values.join(' ')) },
	};
	if (timers)
		globals.setTimeout = (handler: () => void, ms: number) => {
			waits.push(ms);
			return setImmediate(handler);
		};
	const loaded = new Map<string, vm.Context>();
	const sandbox: Sandbox = {
		storage,
		context,
		errors,
		waits,
		itemFetches: 0,
		items: new Map(),
		async run(component, fn, ...args) {
			let ctx = loaded.get(component);
			if (!ctx) {
				ctx = vm.createContext({ ...globals });
				vm.runInContext(script(component), ctx, { filename: component });
				loaded.set(component, ctx);
			}
			return (ctx[fn] as (...a: unknown[]) => Promise<unknown>)(...args);
		},
	};
	return sandbox;
}

export interface Module {
	/** `{company}` of the emulated company, e.g. http://127.0.0.1:1234 */
	url: string;
	moduleId: string;
	token: string;
	sandbox: Sandbox;
	methodUrl(method: string): string;
	/** Runs the handler script of `event` with this handler context. */
	emit(event: string, data: Record<string, unknown>): Promise<void>;
	close(): Promise<void>;
}

const methods = ['subscribe', 'unsubscribe', 'list', 'ping'];

export interface ApiRequest {
	method: string;
	/** Path and query, as the request line has it. */
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/**
 * One request to the module's API methods as the company answers it: 404 outside
 * /api/extensions/<moduleId>/script/<method>, 405 for a method other than POST, 401 without
 * `Authorization: Bearer <token>`, else what the method's script answers.
 */
export async function answerApi(
	sandbox: Sandbox,
	moduleId: string,
	token: string,
	request: ApiRequest,
): Promise<{ status: number; body: string }> {
	const prefix = `/api/extensions/${moduleId}/script/`;
	const method = request.url.startsWith(prefix) ? request.url.slice(prefix.length) : '';
	const refuse = (status: number, error: string) => ({ status, body: JSON.stringify({ error }) });
	if (!methods.includes(method)) return refuse(404, 'not found');
	if (request.method !== 'POST') return refuse(405, 'method not allowed');
	if (request.headers.authorization !== `Bearer ${token}`) return refuse(401, 'unauthorized');
	const answer = (await sandbox.run('api-methods.ts', method, {
		body: request.body,
		headers: request.headers,
	})) as HttpResponse;
	return { status: answer.statusCode, body: answer.body };
}

/**
 * Runs the handler script of `event` with this handler context (JSON, as `itemEvent` builds it).
 * `__item` gets `fetch()`, answering `{data}` from `sandbox.items` like the reference the vendor's
 * handlers fetch (`await Context.data.__item.fetch()`, then `.data`, kedo-dev c3d3c857-...json), or
 * failing when the company has no such item (as for one that is gone).
 */
export async function emit(
	sandbox: Sandbox,
	event: string,
	data: Record<string, unknown>,
): Promise<void> {
	const json = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
	const ref = json.__item as Record<string, unknown> | undefined;
	const live: Record<string, unknown> = { ...json };
	if (ref && typeof ref === 'object') {
		live.__item = {
			...ref,
			fetch: async () => {
				sandbox.itemFetches++;
				const stored = sandbox.items.get(
					`${String(ref.namespace)}/${String(ref.code)}/${String(ref.id)}`,
				);
				if (!stored) throw new Error(`item ${String(ref.id)} not found`);
				return { data: JSON.parse(JSON.stringify(stored)) };
			},
		};
	}
	sandbox.context.data = live;
	await sandbox.run(`handler-${event.replace('.', '-')}.ts`, 'action');
}

export async function startModule(sandbox = createSandbox()): Promise<Module> {
	const moduleId = randomUUID();
	const token = `token-${randomUUID()}`;
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const request = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			answerApi(sandbox, moduleId, token, request)
				.then((answer) => send(res, answer.status, answer.body))
				.catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) })));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	const url = `http://127.0.0.1:${port}`;
	return {
		url,
		moduleId,
		token,
		sandbox,
		methodUrl: (method) => `${url}/api/extensions/${moduleId}/script/${method}`,
		emit: (event, data) => emit(sandbox, event, data),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

function send(res: http.ServerResponse, status: number, body: string): void {
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(body);
}
