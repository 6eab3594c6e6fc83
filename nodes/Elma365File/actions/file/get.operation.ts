import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest } from '../../../shared/transport';
import { fileIdField, readFileId, unwrapFile } from '../diskParameters';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('file', 'get', [
	{
		...fileIdField,
		description:
			'The __id (not the hash) of the stored file whose information to read, as Upload to Directory, Move or Search output it. File > Upload outputs only a hash: Move it into a directory first.',
	},
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/**
 * `GET /disk/file/{id}`: the file's metadata, answered as `{"file": {...}}` and output as the file
 * itself (api.brix365.com/en/public-api/resources/response-model-for-file-request-by-id-retrieving-file-information-by-id).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const fileId = readFileId(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'GET',
		path: apiPath`/disk/file/${fileId}`,
		itemIndex,
	});
	return unwrapFile(response);
}
