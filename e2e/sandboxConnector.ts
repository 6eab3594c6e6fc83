/**
 * The n8n connector module (elma365-module/) installed in the sandbox company, for the Event
 * Trigger's end-to-end tests: its API methods on the company's own origin,
 * `POST /api/extensions/<CONNECTOR_MODULE_ID>/script/<method>` with the sandbox's key as the Bearer
 * token, answered by the module's real built scripts under the SDK emulation
 * (elma365-module/test/emulation.ts); the module listed by `GET /pub/v1/scheme/modules`, so the
 * trigger's Module picker offers it. Test routes (same key), to act as the company would:
 *
 * - `POST /__sandbox/connector/emit` `{event, data}`: runs the module's handler of `event` with this
 *   handler context (`Context.data` as JSON: `{__item: {namespace, code, id}, item}` for item
 *   events, elma365-module/test/emulation.ts `itemEvent`); answers the deliveries it sent (url,
 *   headers, body, n8n's status) and the errors it logged;
 * - `POST /__sandbox/connector/fire` `{event, namespace, code, id}`: the same for an item the sandbox
 *   holds (`event` `item.created` by default), its handler context built from the stored item as
 *   the platform would give it; the newcomer's way to make an event happen (docs/development.md);
 * - `POST /__sandbox/connector/activity` `{payload}`: runs the "Send to n8n" activity; answers its
 *   outputs (ok, status, answer), deliveries and errors;
 * - `GET /__sandbox/connector/subscriptions`: the subscriptions the module's store holds
 *   (`Namespace.storage`, elma365-module/src/store.ts);
 * - `GET /__sandbox/connector/events`: the handler runs that the sandbox's own API started (below),
 *   oldest first, each with its event, item, deliveries and errors.
 *
 * With ELMA365_SANDBOX_MODULE_STORAGE set to a file, the module's `Namespace.storage` (its
 * subscriptions) is kept there and read back at the next start (`npm start` sets it).
 *
 * Items created or updated through the sandbox's API run the module's handlers as the platform's
 * event bus would (help platform/events_processing: a handler on "App Items" runs on each item
 * event): after a 2xx answer to `POST /pub/v1/app/{ns}/{code}/create` the `item.created` handler,
 * to `.../{id}/update` the `item.updated` one, and to the batch save `POST /pub/v1/app/items/batch`
 * the `item.created` handler per saved item, only when it asked for `withEventHandlers: true` (API
 * reference appitemssavebatch: without it the platform runs no handler). They run after the answer,
 * one after the other; what fails in them is kept in `events`, never in the API's answer.
 */
import type { Platform } from '../test/harness/index.ts';
import { fail, ok } from '../test/harness/index.ts';
import { CONNECTOR_MODULE_ID } from '../test/harness/routes/connector.ts';
import fs from 'node:fs';
import {
	ModuleStorage,
	answerApi,
	createSandbox,
	emit,
	itemEvent,
} from '../elma365-module/test/emulation.ts';
import { itemsOf } from '../test/harness/routes/app.ts';

/** The item API calls whose success runs the module's handlers. */
const ITEM_WRITE = /^\/pub\/v1\/app\/(?:items\/batch|[^/]+\/[^/]+\/(?:create|[^/]+\/update))$/;

/**
 * `Namespace.storage` kept in a JSON file, so the module's subscriptions outlive a restart of the
 * sandbox as a company's module store does (help platform/2023_10 documents it as the module's
 * store, with no lifetime shorter than the module's). Read once at start, written whole on every
 * `setItem`.
 */
class FileStorage extends ModuleStorage {
	private readonly file: string;

	constructor(file: string) {
		super();
		this.file = file;
		let saved: Record<string, string> = {};
		try {
			saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
		} catch {
			// no file yet, or an unreadable one: an empty store, as a fresh module's
		}
		for (const [key, value] of Object.entries(saved))
			if (typeof value === 'string') this.values.set(key, value);
	}

	override async setItem(key: string, value: string): Promise<void> {
		await super.setItem(key, value);
		fs.writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.values)));
	}
}

/** A run of the module's item handler that the sandbox's own item API started. */
export interface ApiEvent {
	event: string;
	namespace: string;
	code: string;
	id: string;
	deliveries: Delivery[];
	errors: string[];
}

/** A delivery the module sent, as its `fetch` sent it, with n8n's status. */
export interface Delivery {
	url: string;
	headers: Record<string, string>;
	body: string;
	/** n8n's answer; 0 when the request failed. */
	status: number;
}

export function installConnector(platform: Platform): void {
	const deliveries: Delivery[] = [];
	const network: typeof fetch = async (url, init) => {
		const delivery: Delivery = {
			url: String(url),
			headers: { ...(init?.headers as Record<string, string>) },
			body: String(init?.body ?? ''),
			status: 0,
		};
		deliveries.push(delivery);
		const response = await fetch(url, init);
		delivery.status = response.status;
		return response;
	};
	// ELMA365_SANDBOX_MODULE_STORAGE names the file the module's store is kept in (scripts/start.mjs
	// sets it in n8n's user folder); without it the store lives in memory only.
	const file = process.env.ELMA365_SANDBOX_MODULE_STORAGE?.trim();
	const connector = createSandbox({ network, ...(file ? { storage: new FileStorage(file) } : {}) });
	/** What the scripts sent and logged since `from` deliveries. */
	const since = (from: number) => ({
		deliveries: deliveries.slice(from),
		errors: connector.errors.splice(0),
	});

	platform.collection('schemeModules').set(CONNECTOR_MODULE_ID, {
		id: CONNECTOR_MODULE_ID,
		name: 'n8n connector',
		enabled: true,
		exportable: true,
	});
	// Scripted, so the module answers before the double's own connector routes
	// (test/harness/routes/connector.ts) and checks the token itself; every call is still recorded.
	platform.script(
		'POST',
		/^\/api\/extensions\//,
		async (request) => {
			const answer = await answerApi(connector, CONNECTOR_MODULE_ID, platform.apiKey, {
				method: request.method,
				url: request.path,
				headers: request.headers,
				body: request.raw.toString('utf8'),
			});
			return {
				status: answer.status,
				headers: { 'content-type': 'application/json' },
				body: answer.body,
			};
		},
		Infinity,
	);
	/**
	 * Runs the module's handler of `event` for an item the sandbox holds, as the platform's event bus
	 * would; the handler's `__item.fetch()` reads the item as stored.
	 */
	const fireFor = async (event: string, namespace: string, code: string, id: string) => {
		const item = itemsOf(platform, 'app', namespace, code).get(id);
		if (!item) return undefined;
		const stored = item as Record<string, unknown> & { __id: string };
		connector.items.set(`${namespace}/${code}/${stored.__id}`, stored);
		const from = deliveries.length;
		const update = event !== 'item.created' && event !== 'item.deleted';
		await emit(connector, event, itemEvent(namespace, code, stored, update));
		return since(from);
	};

	const emitted: ApiEvent[] = [];
	let bus: Promise<void> = Promise.resolve();
	/** Queues the handler runs after the current answer; they never change or fail it. */
	const afterAnswer = (events: Array<Omit<ApiEvent, 'deliveries' | 'errors'>>) => {
		for (const one of events) {
			bus = bus
				.then(() => new Promise<void>((resolve) => setImmediate(resolve)))
				.then(async () => {
					try {
						const sent = await fireFor(one.event, one.namespace, one.code, one.id);
						emitted.push({
							...one,
							deliveries: sent?.deliveries ?? [],
							errors: sent?.errors ?? [],
						});
					} catch (error) {
						emitted.push({ ...one, deliveries: [], errors: [String(error)] });
					}
				});
		}
	};
	/** The item events a successful item write makes (none for a refused one). */
	const itemEventsOf = (path: string, body: unknown, answer: unknown) => {
		const reply = answer as { item?: { __id?: unknown }; pseudoIDsMap?: Record<string, string> };
		if (path === '/pub/v1/app/items/batch') {
			const { items, withEventHandlers } = body as {
				items?: Array<{ namespace: string; code: string; context?: { __id?: string } }>;
				withEventHandlers?: boolean;
			};
			if (withEventHandlers !== true || !Array.isArray(items)) return [];
			return items.map(({ namespace, code, context }) => ({
				event: 'item.created',
				namespace,
				code,
				id: reply.pseudoIDsMap?.[String(context?.__id)] ?? '',
			}));
		}
		const [, , , , namespace, code, ...rest] = path.split('/');
		const id = reply.item?.__id;
		if (typeof id !== 'string') return [];
		const event = rest[rest.length - 1] === 'create' ? 'item.created' : 'item.updated';
		return [
			{ event, namespace: decodeURIComponent(namespace), code: decodeURIComponent(code), id },
		];
	};
	// Scripted, so every item write passes here first; the answer is the route's own, unchanged.
	platform.script(
		'POST',
		ITEM_WRITE,
		async (request, _params, p) => {
			const reply = await p.routed(request);
			const status = reply.status ?? 200;
			if (status >= 200 && status < 300) {
				try {
					afterAnswer(itemEventsOf(request.path, request.body, reply.body));
				} catch (error) {
					emitted.push({
						event: 'item.*',
						namespace: '',
						code: '',
						id: '',
						deliveries: [],
						errors: [String(error)],
					});
				}
			}
			return reply;
		},
		Infinity,
	);

	platform
		.route('POST', '/__sandbox/connector/emit', async (request) => {
			const { event, data } = request.body as { event: string; data: Record<string, unknown> };
			const from = deliveries.length;
			await emit(connector, event, data);
			return ok(since(from));
		})
		.route('POST', '/__sandbox/connector/fire', async (request) => {
			const body = request.body as Record<string, unknown>;
			const { namespace, code, id } = body;
			const event = typeof body.event === 'string' ? body.event : 'item.created';
			if (!event.startsWith('item.')) return fail(400, 'event must be an item.* event');
			const sent =
				typeof namespace === 'string' && typeof code === 'string' && typeof id === 'string'
					? await fireFor(event, namespace, code, id)
					: undefined;
			if (!sent) return fail(404, `no item ${String(namespace)}/${String(code)}/${String(id)}`);
			return ok(sent);
		})
		.route('POST', '/__sandbox/connector/activity', async (request) => {
			const from = deliveries.length;
			connector.context.data = { payload: (request.body as { payload: string }).payload };
			await connector.run('activity-send-to-n8n.ts', 'action');
			return ok({ outputs: connector.context.data, ...since(from) });
		})
		.route('GET', '/__sandbox/connector/subscriptions', () =>
			ok({ subscriptions: connector.storage.subscriptions() }),
		)
		.route('GET', '/__sandbox/connector/events', () => ok({ events: emitted }));
}
