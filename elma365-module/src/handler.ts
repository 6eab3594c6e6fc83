/**
 * One event handler script (help events_processing: handler type "Run Script", domain "App Items"
 * with no app selected, so the module stays exportable, or domain "Users"). The same script serves
 * every handler: the bundle (scripts/bundle.js) sets EVENT_NAME per handler.
 *
 * What the platform puts into the handler's `Context.data` for an app item or a user is not spelled
 * out in the help ("identifier, name, description, event time, object name, author, etc."), so the
 * property names are read in one place, EVENT_FIELDS, to be checked on a real company.
 */
import { type Envelope, deliver, matches, newEventId } from './contract';
import { STORE_CODE, STORE_NAMESPACE, allSubscriptions } from './store';

const EVENT_NAME = '__EVENT_NAME__';

export const EVENT_FIELDS = { object: 'target', author: 'author', time: 'createdAt' };

/** An SDK item (`{ data, namespace, code }`) or plain JSON, as plain JSON. */
function plain(value: unknown): Record<string, unknown> | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const data = (value as { data?: unknown }).data;
	const source = typeof data === 'object' && data !== null ? data : value;
	try {
		return JSON.parse(JSON.stringify(source));
	} catch {
		return undefined; // a circular SDK object: the envelope goes without it
	}
}

function isoTime(value: unknown): string {
	const time =
		typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date();
	return Number.isNaN(time.getTime()) ? new Date().toISOString() : time.toISOString();
}

export function buildEnvelope(event: string, data: Record<string, unknown>): Envelope {
	const object = data[EVENT_FIELDS.object] as
		| { namespace?: string; code?: string; __namespace?: string; __code?: string }
		| undefined;
	const envelope: Envelope = { id: newEventId(), event, time: isoTime(data[EVENT_FIELDS.time]) };
	if (event.startsWith('item.')) {
		envelope.namespace = object?.namespace ?? object?.__namespace;
		envelope.application = object?.code ?? object?.__code;
		envelope.item = plain(object);
	} else {
		envelope.user = plain(object);
	}
	const author = plain(data[EVENT_FIELDS.author]);
	if (author) envelope.author = author;
	return envelope;
}

export async function action(): Promise<void> {
	const envelope = buildEnvelope(EVENT_NAME, Context.data);
	// The subscription store is an app too: its events would loop and carry the secrets.
	if (envelope.namespace === STORE_NAMESPACE && envelope.application === STORE_CODE) return;
	const targets = (await allSubscriptions()).filter((s) => matches(s, envelope));
	for (const subscription of targets) {
		const result = await deliver(subscription, envelope);
		if (!result.ok)
			console.error(
				`n8n connector: ${envelope.event} ${envelope.id} to ${subscription.url} failed after ${result.attempts} attempts: ${result.status ?? result.error}`,
			);
	}
}
