import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiRequest, withoutEnvelope } from '../../../shared/transport';
import { entryFields, entryPath, readKey } from './entryFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('entry', 'get', [
	...entryFields,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/**
 * `GET /storage/system/{key}`, `/storage/{namespace}/{key}` or `/storage/{namespace}/{code}/{key}`
 * (operations systemStorageGet, namespaceStorageGet, applicationStorageGet of
 * api.brix365.com/en/public-api/reference/storage/). Their answer's model is not shown on a page
 * found; the value is expected under `data`, as Set sends it. The output is the key beside the
 * answer without its envelope.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = entryPath(this, itemIndex);
	const key = readKey(this, itemIndex);
	const answer = await apiRequest(this, { method: 'GET', path, itemIndex });
	return { key, ...withoutEnvelope(answer) };
}
