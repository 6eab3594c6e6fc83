import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiRequest, withoutEnvelope } from '../../../shared/transport';
import { entryFields, entryPath, readKey } from './entryFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('entry', 'delete', [
	...entryFields,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** Changes of one key run one after the other, in input order. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return entryPath(ctx, itemIndex);
}

/**
 * `DELETE` of the entry's path, no body (operations systemStorageDelete, namespaceStorageDelete,
 * applicationStorageDelete of api.brix365.com/en/public-api/reference/storage/); the output is
 * `{"key", "deleted": true}` beside the answer without its envelope.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = entryPath(this, itemIndex);
	const key = readKey(this, itemIndex);
	const answer = await apiRequest(this, { method: 'DELETE', path, itemIndex });
	return { key, deleted: true, ...withoutEnvelope(answer) };
}
