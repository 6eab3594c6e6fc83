import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { directoryLocator, readDirectory } from '../diskParameters';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('directory', 'get', [
	directoryLocator('The directory to read'),
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** The vendor answers `{"directory": {...}}`: the output is the directory itself. */
function unwrapDirectory(body: IDataObject): IDataObject {
	const directory = body.directory;
	return directory && typeof directory === 'object' && !Array.isArray(directory)
		? (directory as IDataObject)
		: unwrapItem(body);
}

/**
 * GET /disk/directory/{id}; the answer's model:
 * api.elma365.com/en/public-api/resources/response-model-for-requesting-a-directory-by-id-get-information-about-a-directory-by-id/
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const directoryId = readDirectory(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'GET',
		path: apiPath`/disk/directory/${directoryId}`,
		itemIndex,
	});
	return unwrapDirectory(response);
}
