import type { IDataObject } from 'n8n-workflow';

/** A shallow copy of an answer without the envelope's own keys (`success`, `error`). */
export function withoutEnvelope(body: IDataObject): IDataObject {
	const payload = { ...body };
	delete payload.success;
	delete payload.error;
	return payload;
}
