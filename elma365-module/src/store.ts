/**
 * Where subscriptions live. Module settings (`Namespace.params`) are read-only in scripts (help
 * 360009207779, "Additional parameters": "Global.params, Namespace.params, and Application.params
 * are only available in server scripts and are read-only"), and a module has no apps of its own, so
 * the subscriptions are items of an app in a workspace the administrator creates, reached through
 * the module's optional dependency `Imports.<alias>` (help extention-api, script-activity: "a
 * module with optional dependencies can be exported without restrictions"). The app and its fields
 * (docs/elma365-module.md, step 1): workspace `n8n`, app `n8n_subscriptions`, String fields `url`,
 * `events`, `applications` (JSON arrays as text) and `secret`.
 */
import type { Subscription, SubscriptionInput } from './contract';

export const STORE_NAMESPACE = 'n8n';
export const STORE_CODE = 'n8n_subscriptions';

function app(): SdkApp {
	return Imports.n8n.app.n8n_subscriptions;
}

function toSubscription(item: SdkItem): Subscription {
	return {
		id: item.data.__id,
		url: String(item.data.url ?? ''),
		events: parseList(item.data.events),
		applications: parseList(item.data.applications),
		secret: String(item.data.secret ?? ''),
	};
}

function parseList(value: unknown): string[] {
	try {
		const list = JSON.parse(String(value ?? '[]'));
		return Array.isArray(list) ? list.filter((entry) => typeof entry === 'string') : [];
	} catch {
		return [];
	}
}

export async function addSubscription(input: SubscriptionInput): Promise<string> {
	const item = app().create();
	item.data.__name = input.url;
	item.data.url = input.url;
	item.data.events = JSON.stringify(input.events);
	item.data.applications = JSON.stringify(input.applications);
	item.data.secret = input.secret;
	await item.save();
	return item.data.__id;
}

export async function removeSubscription(id: string): Promise<void> {
	// Item IDs are UUIDs: anything else is unknown, and unknown is fine (CONTRACT.md).
	if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return;
	const item = await app()
		.search()
		.where((f) => f.__id.eq(id))
		.first();
	if (item) await item.delete();
}

export async function allSubscriptions(): Promise<Subscription[]> {
	const items = await app().search().size(1000).all();
	return items.map(toSubscription);
}
