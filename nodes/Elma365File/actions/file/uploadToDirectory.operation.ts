import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath } from '../../../shared/transport';
import { directoryLocator, readDirectory } from '../diskParameters';
import { binaryPropertyField, sendChunkedUpload, uploadOptions } from './chunkedUpload';

export const description: INodeProperties[] = showFor('file', 'uploadToDirectory', [
	directoryLocator('Directory to upload the file into'),
	binaryPropertyField,
	uploadOptions,
]);

/**
 * POST /disk/directory/{id}/upload?hash=<uuid>, in parts
 * (api.elma365.com/en/public-api/reference/disk/uploadtodirectory/).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	// The directory is checked before the binary data is read.
	const path = apiPath`/disk/directory/${readDirectory(this, itemIndex)}/upload`;
	return await sendChunkedUpload(this, itemIndex, path);
}
