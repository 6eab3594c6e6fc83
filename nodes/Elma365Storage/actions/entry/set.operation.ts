import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint, showFor } from '../../../shared/display';
import { apiRequest, withoutEnvelope } from '../../../shared/transport';
import { invalidInput, requireOneOf } from '../../../shared/validation';
import { entryFields, entryPath, readKey } from './entryFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('entry', 'set', [
	...entryFields,
	{
		displayName: 'Body',
		name: 'specifyBody',
		type: 'options',
		options: [
			{ name: 'Value', value: 'value', description: 'Send {"data": Value}' },
			{ name: 'Raw JSON', value: 'json', description: 'Send the JSON below as the whole body' },
		],
		default: 'value',
		description:
			'What is sent: the value as the documented {"data": "..."}, or a JSON body as it is',
	},
	{
		displayName: 'Value',
		name: 'value',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: '2026-01-01T00:00:00Z',
		description:
			'The text to store, sent as data; an object or array from an expression is sent as its JSON text',
		displayOptions: { show: { specifyBody: ['value'] } },
	},
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		default: '{"data": ""}',
		description: `${jsonEscapeHatchHint}: the whole body, e.g. for a storage that takes other keys than "data"`,
		displayOptions: { show: { specifyBody: ['json'] } },
	},
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** The stored text: a string as it is, anything else an expression gives as its JSON. */
function readValue(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('value', itemIndex, '');
	if (typeof value === 'string') return value;
	return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** The body as chosen: `{"data": Value}` or the Body (JSON) object. */
function readBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const mode = requireOneOf('Body', ctx.getNodeParameter('specifyBody', itemIndex, 'value'), [
		'value',
		'json',
	] as const);
	if (mode === 'json') {
		const body = readJsonObject(ctx, itemIndex, 'body', 'Body (JSON)');
		// An empty object would go out as a request without a body: nothing to store.
		if (Object.keys(body).length === 0)
			throw invalidInput(
				'Body (JSON)',
				'a JSON object with the keys to store, such as {"data": "2026-01-01"}',
				ctx.getNodeParameter('body', itemIndex, ''),
			);
		return body;
	}
	return { data: readValue(ctx, itemIndex) };
}

/** Writes to one key run one after the other, in input order. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return entryPath(ctx, itemIndex);
}

/**
 * `POST` to the entry's path with `{"data": "<text>"}`
 * (api.brix365.com/en/public-api/reference/storage/applicationstorageset; the section and system
 * twins are taken to take the same body). Storing the same value again changes nothing, so it is
 * retried like a PUT. The output is the key and what was sent, beside the answer without its envelope.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = entryPath(this, itemIndex);
	const body = readBody(this, itemIndex);
	const key = readKey(this, itemIndex);
	const answer = await apiRequest(this, {
		method: 'POST',
		path,
		body,
		idempotent: true,
		itemIndex,
	});
	return { key, ...body, ...withoutEnvelope(answer) };
}
