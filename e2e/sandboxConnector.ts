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
 *   (`Namespace.storage`, elma365-module/src/store.ts).
 */
import type { Platform } from '../test/harness/index.ts';
import { fail, ok } from '../test/harness/index.ts';
import { CONNECTOR_MODULE_ID } from '../test/harness/routes/connector.ts';
import { answerApi, createSandbox, emit, itemEvent } from '../elma365-module/test/emulation.ts';
import { itemsOf } from '../test/harness/routes/app.ts';

interface Delivery {
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
	const connector = createSandbox({ network });
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
			const item =
				typeof namespace === 'string' && typeof code === 'string' && typeof id === 'string'
					? itemsOf(platform, 'app', namespace, code).get(id)
					: undefined;
			if (!item) return fail(404, `no item ${String(namespace)}/${String(code)}/${String(id)}`);
			const stored = item as Record<string, unknown> & { __id: string };
			connector.items.set(`${String(namespace)}/${String(code)}/${stored.__id}`, stored);
			const from = deliveries.length;
			const update = event !== 'item.created' && event !== 'item.deleted';
			await emit(connector, event, itemEvent(String(namespace), String(code), stored, update));
			return ok(since(from));
		})
		.route('POST', '/__sandbox/connector/activity', async (request) => {
			const from = deliveries.length;
			connector.context.data = { payload: (request.body as { payload: string }).payload };
			await connector.run('activity-send-to-n8n.ts', 'action');
			return ok({ outputs: connector.context.data, ...since(from) });
		})
		.route('GET', '/__sandbox/connector/subscriptions', () =>
			ok({ subscriptions: connector.storage.subscriptions() }),
		);
}
