import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { clock } from '../shared/flow';
import { apiPath, apiRequest } from '../shared/transport';
import { READABLE_ITEM_EVENTS } from './description';
import { MAX_BODY_BYTES, isAuthentic } from './delivery';
import { explainNotFound } from '../shared/pickers/notFound';

/**
 * One delivery of the connector module: refused with 413 when too large and 401 unless it is
 * authentic (no execution either way); answered 200 without an execution when it names an event not
 * chosen; otherwise one item, the event (a repeat is dropped in the execution: see `execute`).
 */
export async function receiveDelivery(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const raw = ctx.getRequestObject().rawBody as Buffer | undefined;
	if (Buffer.isBuffer(raw) && raw.length > MAX_BODY_BYTES)
		return answer(ctx, 413, `The delivery is larger than ${MAX_BODY_BYTES} bytes`);
	const data = ctx.getWorkflowStaticData('node');
	const secret = typeof data.secret === 'string' ? data.secret : undefined;
	if (!(await isAuthentic(secret, ctx.getHeaderData(), raw, clock().now())))
		return answer(ctx, 401, 'Unauthorized');
	const event = parseEvent(raw as Buffer);
	if (event === undefined) return answer(ctx, 400, 'The delivery is not an event envelope');
	const events = ctx.getNodeParameter('events', []) as string[];
	if (!events.includes(event.event as string))
		return answer(ctx, 200, 'Event not chosen in this trigger');
	return { workflowData: [[{ json: await withFullItem(ctx, event) }]] };
}

/** An answer that starts no execution. */
function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** The envelope, when the body is a JSON object with a string `id` and `event`. */
function parseEvent(raw: Buffer): IDataObject | undefined {
	let body: unknown;
	try {
		body = JSON.parse(raw.toString('utf8'));
	} catch {
		return undefined;
	}
	if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const event = body as IDataObject;
	const valid = typeof event.id === 'string' && event.id !== '' && typeof event.event === 'string';
	return valid ? event : undefined;
}

/**
 * With Fetch Full Item, the event's item as the public API reads it (`GET /app/{ns}/{code}/{id}/get`),
 * in place of the fields the event carries; a 404 is worded as the nodes word it on that address.
 */
async function withFullItem(ctx: IWebhookFunctions, event: IDataObject): Promise<IDataObject> {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const item = event.item as IDataObject | undefined;
	const { namespace, application } = event;
	if (
		options.fetchFullItem !== true ||
		!READABLE_ITEM_EVENTS.includes(event.event as string) ||
		typeof namespace !== 'string' ||
		typeof application !== 'string' ||
		typeof item?.__id !== 'string'
	)
		return event;
	let read: IDataObject;
	try {
		read = await apiRequest(ctx, {
			method: 'GET',
			path: apiPath`/app/${namespace}/${application}/${item.__id}/get`,
		});
	} catch (error) {
		throw explainNotFound(error, ctx.getNode());
	}
	return { ...event, item: read.item as IDataObject };
}
