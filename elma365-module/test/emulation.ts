/**
 * A small emulation of the ELMA365 TS SDK surface the module's scripts use (src/sdk.d.ts), to run
 * the paste-ready scripts (scripts/bundle.js) in Node: `fetch` (Node's, narrowed to status, text()
 * and json()), `Context`, `Imports.n8n.app.n8n_subscriptions` (in memory), `HttpResponse`,
 * `HttpStatusCode`, `console`, `setTimeout`. `startModule` serves the API methods over HTTP on
 * 127.0.0.1 at /api/extensions/<module-uuid>/script/<method> with a Bearer token, as help
 * extention-api documents for External methods. `answerApi` and `emit` are the same pieces without
 * a server of their own: the e2e sandbox (e2e/sandboxConnector.ts) serves them on its company's origin.
 */
import * as http from 'node:http';
import * as vm from 'node:vm';
import { randomUUID } from 'node:crypto';
import * as ts from 'typescript';

import { components } from '../scripts/bundle.js';

type Data = Record<string, unknown> & { __id: string };

export class AppStore {
	readonly rows = new Map<string, Data>();

	private item(data: Data) {
		return {
			data,
			save: async () => {
				if (!data.__id) data.__id = randomUUID();
				this.rows.set(data.__id, { ...data });
			},
			delete: async () => {
				this.rows.delete(data.__id);
			},
		};
	}

	create() {
		return this.item({ __id: '' });
	}

	search() {
		const filters: Array<{ field: string; value: unknown }> = [];
		let size = 100;
		const rows = () =>
			[...this.rows.values()]
				.filter((row) => filters.every((f) => row[f.field] === f.value))
				.slice(0, size)
				.map((row) => this.item({ ...row }));
		const field = new Proxy(
			{},
			{ get: (_t, name: string) => ({ eq: (value: unknown) => ({ field: name, value }) }) },
		);
		const query = {
			where: (predicate: (f: unknown) => { field: string; value: unknown }) => {
				filters.push(predicate(field));
				return query;
			},
			size: (count: number) => {
				size = count;
				return query;
			},
			first: async () => rows()[0],
			all: async () => rows(),
		};
		return query;
	}
}

class HttpResponse {
	statusCode = 200;
	body = '';
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

export interface Sandbox {
	store: AppStore;
	context: { data: Record<string, unknown> };
	errors: string[];
	/** Waits the scripts asked for (their retry backoff), in ms; served at once. */
	waits: number[];
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

/** `network` is what the scripts' `fetch` goes through (Node's by default). */
export function createSandbox(store = new AppStore(), network: typeof fetch = fetch): Sandbox {
	const errors: string[] = [];
	const waits: number[] = [];
	const context = { data: {} as Record<string, unknown> };
	const globals = {
		fetch: async (
			url: string,
			init: { method?: string; headers?: Record<string, string>; body?: string },
		) => {
			const response = await network(url, init);
			const text = await response.text();
			return {
				status: response.status,
				text: async () => text,
				json: async () => JSON.parse(text),
			};
		},
		Context: context,
		Imports: { n8n: { app: { n8n_subscriptions: store } } },
		HttpResponse,
		HttpStatusCode: { OK: 200, BAD_REQUEST: 400 },
		console: { error: (...values: unknown[]) => errors.push(values.join(' ')) },
		setTimeout: (handler: () => void, ms: number) => {
			waits.push(ms);
			return setImmediate(handler);
		},
	};
	const loaded = new Map<string, vm.Context>();
	return {
		store,
		context,
		errors,
		waits,
		async run(component, fn, ...args) {
			let sandbox = loaded.get(component);
			if (!sandbox) {
				sandbox = vm.createContext({ ...globals });
				vm.runInContext(script(component), sandbox, { filename: component });
				loaded.set(component, sandbox);
			}
			return (sandbox[fn] as (...a: unknown[]) => Promise<unknown>)(...args);
		},
	};
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

/** Runs the handler script of `event` with this handler context. */
export async function emit(
	sandbox: Sandbox,
	event: string,
	data: Record<string, unknown>,
): Promise<void> {
	sandbox.context.data = data;
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
