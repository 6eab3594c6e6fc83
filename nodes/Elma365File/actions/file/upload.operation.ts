import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { binaryPropertyField, sendChunkedUpload, uploadOptions } from './chunkedUpload';

export const description: INodeProperties[] = showFor('file', 'upload', [
	binaryPropertyField,
	uploadOptions,
]);

/** POST /disk/file/upload?hash=<uuid>, in parts: a temporary file, to Move or Initialize next. */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await sendChunkedUpload(this, itemIndex, '/disk/file/upload');
}
