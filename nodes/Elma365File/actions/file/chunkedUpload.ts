import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { multipartBody, randomUuid } from '../../../shared/multipart';
import { apiRequest } from '../../../shared/transport';
import { TRANSFER_TIMEOUT_MS } from '../../../shared/limits';
import {
	invalidInput,
	requireFileMeta,
	requireInteger,
	requireText,
	requireUuid,
} from '../../../shared/validation';
import { findInputBinary } from '../../../shared/validation/itemInputs';
import { unwrapFile } from '../diskParameters';
import { optionsCollection } from '../../../shared/options/options';

/** The input binary field that holds the file to upload. */
export const binaryPropertyField: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	hint: 'The name of the input binary field containing the file to upload',
	description:
		'Binary property of the input item that holds the file; its file name and MIME type are kept',
};

/** The vendor's bounds for every part of a chunked upload but the last. */
export const MIN_PART_MB = 5;
export const MAX_PART_MB = 5120;
const MB = 1024 * 1024;

/** The upload's Options: stored name, part size and upload hash. */
export const uploadOptions: INodeProperties = optionsCollection(
	[
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description: "Name to store the file under instead of the binary data's own file name",
		},
		{
			displayName: 'Part Size (MB)',
			name: 'partSize',
			type: 'number',
			typeOptions: { minValue: MIN_PART_MB, maxValue: MAX_PART_MB, numberPrecision: 0 },
			default: MIN_PART_MB,
			description: `A file larger than this is sent in parts of this size (${MIN_PART_MB} to ${MAX_PART_MB} MB, the platform's bounds); memory use stays about two parts whatever the file's size`,
		},
		{
			displayName: 'Upload Hash',
			name: 'hash',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description:
				'UUID sent as the hash query parameter; a new one is made for every upload when empty',
		},
	],
	'uploadOptions',
);

/** An item's upload, read and checked before the first request. */
interface UploadInput {
	fileName: string;
	mimeType: string;
	hash: string;
	size: number;
	partSize: number;
	/** The file's bytes in parts of `partSize` (the last may be shorter), read as they are sent. */
	parts: () => AsyncGenerator<Buffer>;
}

/** Cuts a stream into parts of exactly `size` bytes (the last may be shorter), holding one part at a time. */
export async function* partsOf(
	stream: AsyncIterable<Buffer>,
	size: number,
): AsyncGenerator<Buffer> {
	let pending: Buffer[] = [];
	let length = 0;
	for await (const chunk of stream) {
		for (let offset = 0; offset < chunk.length; ) {
			const pieceLength = Math.min(size - length, chunk.length - offset);
			pending.push(chunk.subarray(offset, offset + pieceLength));
			length += pieceLength;
			offset += pieceLength;
			if (length === size) {
				yield Buffer.concat(pending, length);
				pending = [];
				length = 0;
			}
		}
	}
	if (length > 0) yield Buffer.concat(pending, length);
}

/** An in-memory file in parts of `size` bytes, without copying. */
async function* slices(data: Buffer, size: number): AsyncGenerator<Buffer> {
	for (let offset = 0; offset < data.length; offset += size)
		yield data.subarray(offset, offset + size);
}

/** Reads and checks the item's binary property and the options, before any request. */
async function readUpload(ctx: IExecuteFunctions, itemIndex: number): Promise<UploadInput> {
	const { property, binary, present } = findInputBinary(ctx, itemIndex);
	if (!binary) {
		const expected = present
			? `the name of a binary property of the input item (it has ${present})`
			: 'the name of a binary property of the input item, but the item has no binary data';
		throw invalidInput('Input Binary Field', expected, property);
	}
	const options = ctx.getNodeParameter('uploadOptions', itemIndex, {}) as IDataObject;
	const hash =
		options.hash === undefined || String(options.hash).trim() === ''
			? randomUuid()
			: requireUuid('Upload Hash', options.hash);
	const blankName =
		options.fileName === undefined ||
		options.fileName === null ||
		String(options.fileName).trim() === '';
	const named = blankName ? undefined : requireText('File Name', options.fileName).trim();
	const partMb =
		options.partSize === undefined
			? MIN_PART_MB
			: requireInteger('Part Size (MB)', options.partSize, { min: MIN_PART_MB });
	if (partMb > MAX_PART_MB)
		throw invalidInput(
			'Part Size (MB)',
			`a whole number from ${MIN_PART_MB} to ${MAX_PART_MB}`,
			options.partSize,
		);
	const partSize = MB * partMb;
	const metadata = ctx.helpers.assertBinaryData(itemIndex, property);
	const extension = metadata.fileExtension ? `.${metadata.fileExtension}` : '';
	const { fileName, mimeType } = requireFileMeta(
		'Input Binary Field',
		metadata,
		`file${extension}`,
	);
	let size: number;
	let parts: () => AsyncGenerator<Buffer>;
	if (metadata.id) {
		// Binary data kept outside the item (n8n's filesystem or S3 mode): read in parts, never whole.
		const id = metadata.id;
		size = (await ctx.helpers.getBinaryMetadata(id)).fileSize;
		parts = async function* () {
			yield* partsOf(await ctx.helpers.getBinaryStream(id, partSize), partSize);
		};
	} else {
		// In memory mode the item already holds the whole file.
		const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
		size = data.length;
		parts = () => slices(data, partSize);
	}
	if (!Number.isInteger(size) || size <= 0) {
		throw invalidInput(
			'Input Binary Field',
			'a file of at least one byte (the upload range of an empty file cannot be stated)',
			property,
		);
	}
	return { fileName: named ?? fileName, mimeType, hash, size, partSize, parts };
}

/**
 * Sends an item's binary data to `path` as the platform documents its upload
 * (api.elma365.com/en/public-api/reference/disk/uploadpart/): a multipart form with the field
 * `file`, a client-made uuid as `hash` in the query, and `Content-Range` for each part. Outputs what
 * was sent (hash, name, size) followed by the file the platform answers.
 */
export async function sendChunkedUpload(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
): Promise<IDataObject> {
	const upload = await readUpload(ctx, itemIndex);
	let start = 0;
	let response: IDataObject = {};
	for await (const part of upload.parts()) {
		const end = start + part.length;
		const last = end === upload.size;
		let status = 0;
		const form = multipartBody([
			{ name: 'file', data: part, fileName: upload.fileName, contentType: upload.mimeType },
		]);
		response = await apiRequest(ctx, {
			method: 'POST',
			path,
			qs: { hash: upload.hash },
			body: form.body,
			headers: {
				'Content-Type': form.contentType,
				// The vendor's ranges end EXCLUSIVE: a whole file of 1000 bytes is "bytes 0-1000/1000".
				'Content-Range': `bytes ${start}-${end}/${upload.size}`,
			},
			idempotent: false,
			itemIndex,
			timeout: TRANSFER_TIMEOUT_MS,
			onStatus: (code) => (status = code),
		});
		// 206 means "part taken, more expected", 200 "file complete": anything else is not an upload we can report.
		if (status !== (last ? 200 : 206)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`ELMA365 answered HTTP ${status} to bytes ${start}-${end} of ${upload.size}; expected ${last ? '200 (file complete)' : '206 (part taken)'}`,
				{
					itemIndex,
					description: last
						? 'The platform did not take the file as complete, so it was not stored. Retry the upload; if it persists, try another Part Size.'
						: 'The platform ended the upload before all parts were sent.',
				},
			);
		}
		start = end;
	}
	if (start !== upload.size) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The binary data gave ${start} bytes but states ${upload.size}`,
			{ itemIndex },
		);
	}
	// What was sent comes first, so that a temporary upload's output can go straight into Move or Initialize.
	return { hash: upload.hash, name: upload.fileName, size: upload.size, ...unwrapFile(response) };
}
