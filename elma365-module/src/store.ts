/**
 * Where subscriptions live: the module's own key-value store, `Namespace.storage`, under one key
 * holding the JSON array of subscriptions.
 *
 * - `Namespace.storage.setItem(key, text)` / `getItem(key)` (text, or nothing when the key was never
 *   set) as the vendor's own modules use them: the HR solution's API method
 *   `fill_related_documents` (sekiro33/kedo-dev,
 *   kedoSolution/extensions/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed___scripts.ts) and its
 *   Goskey module ("clear the Namespace.storage on the server", help
 *   service/kedo-goskey-module-settings); a value may hold up to 16 MB (help platform/2023_10,
 *   TEAM-18590, `ELMA365_MAX_STORAGE_ITEM_SIZE`).
 * - Why not an app: an app needs a workspace the administrator creates and an optional dependency
 *   (`Imports`, platform 2023.11+, help global-constants), and its items, which hold the secrets,
 *   are visible to whoever has access to the app. `Namespace.storage` belongs to the module alone,
 *   needs nothing created, and keeps the module exportable.
 * - What it costs: one key is read and written whole, so `subscribe` calls at the same moment could
 *   each write a list without the others' entries. `addSubscription` reads the list back and writes
 *   again while its entry is missing: in the worst case (all read before any writes) each round
 *   stores one more, so MAX_STORE_WRITES calls at once are all stored (test/api.test.ts); beyond
 *   that `subscribe` answers 503 and n8n reports the activation as failed. A lost entry is also found
 *   the next time the workflow is activated (the trigger's checkExists calls `list`).
 * - A removed subscription is gone from the list: no soft-deleted rows to filter (`__deletedAt`).
 */
import { type Subscription, type SubscriptionInput, newEventId } from './contract';

export const STORE_KEY = 'n8n_subscriptions';
export const MAX_STORE_WRITES = 10;

function parse(text: unknown): Subscription[] {
	if (typeof text !== 'string' || text === '') return [];
	try {
		const list: unknown = JSON.parse(text);
		return Array.isArray(list) ? list.filter(isSubscription) : [];
	} catch {
		return [];
	}
}

function isSubscription(value: unknown): value is Subscription {
	const s = value as Subscription;
	return (
		typeof s === 'object' &&
		s !== null &&
		typeof s.id === 'string' &&
		typeof s.url === 'string' &&
		typeof s.secret === 'string' &&
		Array.isArray(s.events) &&
		Array.isArray(s.applications)
	);
}

export async function allSubscriptions(): Promise<Subscription[]> {
	return parse(await Namespace.storage.getItem(STORE_KEY));
}

async function write(list: Subscription[]): Promise<void> {
	await Namespace.storage.setItem(STORE_KEY, JSON.stringify(list));
}

/** Adds the subscription and returns its ID, or undefined when it could not be stored. */
export async function addSubscription(input: SubscriptionInput): Promise<string | undefined> {
	const subscription: Subscription = { id: newEventId(), ...input };
	for (let attempt = 1; attempt <= MAX_STORE_WRITES; attempt++) {
		const list = await allSubscriptions();
		if (list.some((s) => s.id === subscription.id)) return subscription.id;
		await write([...list, subscription]);
		if ((await allSubscriptions()).some((s) => s.id === subscription.id)) return subscription.id;
	}
	return undefined;
}

/** Removes the subscription; an unknown ID is fine (CONTRACT.md). */
export async function removeSubscription(id: string): Promise<void> {
	for (let attempt = 1; attempt <= MAX_STORE_WRITES; attempt++) {
		const list = await allSubscriptions();
		if (!list.some((s) => s.id === id)) return;
		await write(list.filter((s) => s.id !== id));
	}
}
