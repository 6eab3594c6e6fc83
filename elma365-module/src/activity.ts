/**
 * The business process activity "Send to n8n" (help script-activity, activities-features): type
 * Script, execution model Synchronous, so the platform runs `action()` and passes the output
 * variables back to the process. Context tab of the activity:
 * - input `payload` (String): JSON text built by the process (or any text), sent as `context`;
 * - outputs `ok` (Yes/No), `status` (Number), `answer` (String: n8n's answer body, JSON text).
 * It posts to every subscription whose events include `process.activity` and writes the first
 * successful answer; with none, `ok` is false and `answer` says why, so the process can branch.
 */
import { type Envelope, deliver, matches, newEventId } from './contract';
import { allSubscriptions } from './store';

function readPayload(text: unknown): unknown {
	if (typeof text !== 'string' || text === '') return {};
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

export async function action(): Promise<void> {
	const envelope: Envelope = {
		id: newEventId(),
		event: 'process.activity',
		time: new Date().toISOString(),
		context: readPayload(Context.data.payload),
	};
	const targets = (await allSubscriptions()).filter((s) => matches(s, envelope.event));
	Context.data.ok = false;
	Context.data.status = 0;
	Context.data.answer = JSON.stringify({
		error: 'no n8n workflow is subscribed to process.activity',
	});
	for (const subscription of targets) {
		const result = await deliver(subscription, envelope);
		if (result.ok) {
			Context.data.ok = true;
			Context.data.status = result.status ?? 0;
			Context.data.answer = result.answer ?? '';
			return;
		}
		Context.data.status = result.status ?? 0;
		Context.data.answer = JSON.stringify({
			error: `n8n answered ${result.status ?? result.error} after ${result.attempts} attempts`,
		});
	}
}
