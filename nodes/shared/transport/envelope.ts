import type { IDataObject } from 'n8n-workflow';
import { parseJsonOrText } from '../utils';

/** A shallow copy of an answer without the envelope's own keys (`success`, `error`). */
export function withoutEnvelope(body: IDataObject): IDataObject {
	const payload = { ...body };
	delete payload.success;
	delete payload.error;
	return payload;
}

/** Drops the envelope's own keys and returns what it carries: `item`, or the remaining payload. */
export function unwrapItem(body: IDataObject): IDataObject {
	if (body.item && typeof body.item === 'object' && !Array.isArray(body.item))
		return body.item as IDataObject;
	return withoutEnvelope(body);
}

/** An answer's body as JSON when it parses, else its text; undefined when it is empty. */
export function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') {
		if (body instanceof Buffer) return parseBody(body.toString('utf8'));
		return body;
	}
	return body.trim() === '' ? undefined : parseJsonOrText(body);
}
