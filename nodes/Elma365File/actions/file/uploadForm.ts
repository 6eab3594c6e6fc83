import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions';
import { multipartBody, randomUuid } from '../../../shared/multipart';
import type { Operation } from '../../../shared/router';
import { TRANSFER_TIMEOUT_MS } from '../../../shared/requestOptions';
import { apiRequest } from '../../../shared/transport';
import { invalidInput, requireFileMeta, requireText, requireUuid } from '../../../shared/validation';
import { unwrapFile } from '../fields';

type PerItem<T> = (ctx: IExecuteFunctions, itemIndex: number) => T;

export const binaryPropertyField: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	hint: 'The name of the input binary field containing the file to upload',
	description: 'Binary property of the input item that holds the file; its file name and MIME type are kept',
};

const uploadOptions: INodeProperties = {
	displayName: 'Options',
	name: 'uploadOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description: 'Name to store the file under instead of the binary data\'s own file name',
		},
		{
			displayName: 'Upload Hash',
			name: 'hash',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'UUID sent as the hash query parameter; a new one is made for every upload when empty',
		},
	],
};

interface UploadInput {
	data: Buffer;
	fileName: string;
	mimeType: string;
	hash: string;
}

/** Reads and checks the item's binary property and the options, before any request. */
async function readUpload(ctx: IExecuteFunctions, itemIndex: number): Promise<UploadInput> {
	const property = requireText(ctx, itemIndex, 'Input Binary Field', ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const binaries = ctx.getInputData()[itemIndex]?.binary ?? {};
	// Own keys only: "__proto__" or "constructor" must not find the object's prototype.
	const binary = Object.hasOwn(binaries, property) ? binaries[property] : undefined;
	if (!binary) {
		const present = Object.keys(binaries);
		const expected = present.length === 0
			? 'the name of a binary property of the input item, but the item has no binary data'
			: `the name of a binary property of the input item (it has ${present.map((p) => `"${p}"`).join(', ')})`;
		throw invalidInput(ctx, itemIndex, 'Input Binary Field', expected, property);
	}
	const options = ctx.getNodeParameter('uploadOptions', itemIndex, {}) as IDataObject;
	const hash = options.hash === undefined || String(options.hash).trim() === ''
		? randomUuid()
		: requireUuid(ctx, itemIndex, 'Upload Hash', options.hash);
	const blankName = options.fileName === undefined || options.fileName === null || String(options.fileName).trim() === '';
	const named = blankName ? undefined : requireText(ctx, itemIndex, 'File Name', options.fileName).trim();
	const metadata = ctx.helpers.assertBinaryData(itemIndex, property);
	const extension = metadata.fileExtension ? `.${metadata.fileExtension}` : '';
	const { fileName, mimeType } = requireFileMeta(ctx, itemIndex, 'Input Binary Field', metadata, `file${extension}`);
	const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	if (data.length === 0) {
		throw invalidInput(ctx, itemIndex, 'Input Binary Field', 'a file of at least one byte (the upload range of an empty file cannot be stated)', property);
	}
	return { data, fileName: named ?? fileName, mimeType, hash };
}

/**
 * Upload of an item's binary data as the platform documents it: multipart form with the field
 * `file`, a client-made uuid as `hash` in the query, and `Content-Range` for the whole file.
 */
export function uploadOperation(options: {
	resource: string;
	operation: string;
	fields?: INodeProperties[];
	path: PerItem<string>;
}): { description: INodeProperties[]; execute: NonNullable<Operation['execute']> } {
	const description = showFor(options.resource, options.operation, [
		...(options.fields ?? []),
		binaryPropertyField,
		uploadOptions,
	]);
	async function execute(this: IExecuteFunctions, itemIndex: number) {
		const path = options.path(this, itemIndex);
		const upload = await readUpload(this, itemIndex);
		const size = upload.data.length;
		const form = multipartBody([{ name: 'file', data: upload.data, fileName: upload.fileName, contentType: upload.mimeType }]);
		const response = await apiRequest(this, {
			method: 'POST',
			path,
			qs: { hash: upload.hash },
			body: form.body,
			headers: {
				'Content-Type': form.contentType,
				// RFC 9110 ranges are inclusive: the whole file is bytes 0 to size-1.
				'Content-Range': `bytes 0-${size - 1}/${size}`,
			},
			idempotent: false,
			itemIndex,
			timeout: TRANSFER_TIMEOUT_MS,
		});
		const file = unwrapFile(response);
		return file.hash === undefined ? { ...file, hash: upload.hash } : file;
	}
	return { description, execute };
}
