/**
 * One event handler script (help platform/events_processing: handler type "Run Script", domain
 * "App Items" with no app selected, so the module stays exportable, or domain "Users"). The same
 * script serves every handler: the bundle (scripts/bundle.js) sets EVENT_NAME per handler.
 *
 * What it reads is what the vendor's own handlers read (sekiro33/kedo-dev, the HR solution's
 * export, kedoSolution/event-bus/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed/):
 * - `Context.data.__item`: the item reference, `.namespace`, `.code`, `.id`, `.fetch()`
 *   (c3d3c857-96ce-48f0-ac57-3366e292a60e.json, `item_create` on all apps);
 * - `Context.data.item`: the item's data, `.__id` and its fields (same file);
 * - `Context.data.__data.item`: the item's data in `item_update` handlers
 *   (eac85c5e-136d-469a-8997-7b614bdf7d45.json, da1a4d68-206c-4955-9579-24e4328491aa.json);
 * - `Context.json()`: the whole context as JSON (eac85c5e-..., posted to a webhook).
 * Status changed, deleted and comment added are assumed to give the same `__item`/`item` (no public
 * handler of theirs was found); user events have no public handler at all, so they carry the
 * handler's whole context (`Context.json()`) as `context`. Both are marked unverified in
 * docs/elma365-module.md. The event time is the time the handler runs: no source names a field.
 *
 * Cost: every handler on all apps runs once per item event of the whole company. It first reads the
 * subscriptions (one store read) and ends at once when none wants this event and app: no item is
 * fetched and nothing is sent.
 */
import { type Envelope, deliver, matches, newEventId } from './contract';
import { allSubscriptions } from './store';

const EVENT_NAME = '__EVENT_NAME__';

interface ItemRef {
	namespace?: unknown;
	code?: unknown;
	id?: unknown;
	fetch?: () => Promise<{ data?: unknown } | undefined>;
}

/** Plain JSON of a value (an SDK object's own data), or undefined. */
function plain(value: unknown): Record<string, unknown> | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	try {
		const json: unknown = JSON.parse(JSON.stringify(value));
		return typeof json === 'object' && json !== null && !Array.isArray(json)
			? (json as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined; // circular: the envelope goes without it
	}
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

function itemRef(data: Record<string, unknown>): ItemRef | undefined {
	const ref = data.__item;
	return typeof ref === 'object' && ref !== null ? (ref as ItemRef) : undefined;
}

/** The item's data: `item`, else `__data.item`, else what `__item.fetch()` reads; `__id` always set. */
async function itemData(
	data: Record<string, unknown>,
	ref: ItemRef | undefined,
): Promise<Record<string, unknown> | undefined> {
	let item = plain(data.item) ?? plain((data.__data as { item?: unknown } | undefined)?.item);
	if (!item && typeof ref?.fetch === 'function') {
		try {
			item = plain((await ref.fetch())?.data);
		} catch {
			item = undefined; // e.g. a deleted item: the reference's ID still goes
		}
	}
	const id = text(item?.__id) ?? text(ref?.id);
	if (!item && !id) return undefined;
	return { ...item, __id: id };
}

/**
 * The handler's context, read untyped: the platform types `Context` per handler, and its typings
 * lack `json()` (the vendor's own handler casts it: `(<any>Context).json()`, event-bus eac85c5e-...).
 */
function untypedContext(): { data?: Record<string, unknown>; json?: () => unknown } {
	return Context as unknown as { data?: Record<string, unknown>; json?: () => unknown };
}

function handlerContext(): unknown {
	const context = untypedContext();
	try {
		return typeof context.json === 'function' ? plain(context.json()) : plain(context.data);
	} catch {
		return undefined;
	}
}

export async function action(): Promise<void> {
	const data = untypedContext().data ?? {};
	const ref = itemRef(data);
	const isItemEvent = EVENT_NAME.startsWith('item.');
	const namespace = isItemEvent ? text(ref?.namespace) : undefined;
	const application = isItemEvent ? text(ref?.code) : undefined;
	const targets = (await allSubscriptions()).filter((s) =>
		matches(s, EVENT_NAME, namespace, application),
	);
	if (targets.length === 0) return;

	const envelope: Envelope = {
		id: newEventId(),
		event: EVENT_NAME,
		time: new Date().toISOString(),
	};
	if (isItemEvent) {
		envelope.namespace = namespace;
		envelope.application = application;
		envelope.item = await itemData(data, ref);
	} else {
		envelope.context = handlerContext();
	}
	for (const subscription of targets) {
		const result = await deliver(subscription, envelope);
		if (!result.ok)
			console.error(
				`n8n connector: ${envelope.event} ${envelope.id} to ${subscription.url} failed after ${result.attempts} attempts: ${result.status ?? result.error}`,
			);
	}
}
