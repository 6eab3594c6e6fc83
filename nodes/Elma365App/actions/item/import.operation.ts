import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { locationFields, readApplicationPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/display';
import { multipartBody, randomUuid } from '../../../shared/multipart';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { TRANSFER_TIMEOUT_MS } from '../../../shared/limits';
import {
	invalidInput,
	requireBoolean,
	requireFileMeta,
	requireOneOf,
	requireUuid,
} from '../../../shared/validation';
import { findInputBinary } from '../../../shared/validation/itemInputs';
import { appItems } from './itemKind';
import { shortText, shownText } from '../../../shared/shown';

/**
 * Import as the vendor documents it (reference "appimport", guide "Data import"): the file is first
 * uploaded as a temporary file (`POST /disk/file/upload?hash=<uuid>`), then imported by that hash with
 * `POST .../import` and `{"fileHash", "format", "withEventHandlers"}`. One operation does both.
 */
export const description: INodeProperties[] = showFor('item', 'import', [
	...locationFields(appItems),
	{
		displayName: 'File Source',
		name: 'fileSource',
		type: 'options',
		options: [
			{
				name: 'Binary Field',
				value: 'binary',
				description: "Upload the input item's file, then import it",
			},
			{
				name: 'Uploaded File Hash',
				value: 'hash',
				description: 'Import a file already uploaded with /disk/file/upload, by its hash',
			},
		],
		default: 'binary',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		displayOptions: { show: { fileSource: ['binary'] } },
		hint: 'The name of the input binary field containing the file to import',
		description:
			'The file is uploaded as a temporary file (kept by the platform for 60 minutes), then imported',
	},
	{
		displayName: 'File Hash',
		name: 'fileHash',
		type: 'string',
		required: true,
		default: '',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		displayOptions: { show: { fileSource: ['hash'] } },
		description: 'The hash (UUID) the file was uploaded with',
	},
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		options: [
			{
				name: 'From File Name',
				value: 'auto',
				description: "Xlsx or csv, from the binary file's name or MIME type",
			},
			{ name: 'XLSX', value: 'xlsx' },
			{ name: 'CSV', value: 'csv' },
		],
		default: 'auto',
	},
	{
		displayName: 'Run Event Handlers',
		name: 'withEventHandlers',
		type: 'boolean',
		default: false,
		description:
			'Whether the platform runs item-creation event handlers during the import (it ignores them by default; they slow large imports)',
	},
]);

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function formatOf(fileName: string, mimeType: string): 'xlsx' | 'csv' | undefined {
	const name = fileName.toLowerCase();
	if (name.endsWith('.xlsx') || mimeType === XLSX_MIME) return 'xlsx';
	if (name.endsWith('.csv') || mimeType === 'text/csv') return 'csv';
	return undefined;
}

interface BinaryFile {
	data: Buffer;
	fileName: string;
	mimeType: string;
}

async function readBinary(ctx: IExecuteFunctions, itemIndex: number): Promise<BinaryFile> {
	const { property, binary, present } = findInputBinary(ctx, itemIndex);
	if (!binary) {
		const found = present ? `binary fields ${present}` : 'no binary data';
		throw invalidInput(
			'Input Binary Field',
			`a binary field ${shownText(property)} on the input item (it has ${found})`,
			property,
		);
	}
	const { fileName, mimeType } = requireFileMeta('Input Binary Field', binary, property);
	const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	if (data.length === 0)
		throw invalidInput('Input Binary Field', 'a file of at least one byte', property);
	return { data, fileName, mimeType };
}

/** A temporary upload of the whole file; the vendor's Content-Range end is exclusive (`bytes 0-<size>/<size>`). */
async function uploadTemporary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	file: BinaryFile,
): Promise<string> {
	const hash = randomUuid();
	const form = multipartBody([
		{ name: 'file', data: file.data, fileName: file.fileName, contentType: file.mimeType },
	]);
	let status = 200;
	await apiRequest(ctx, {
		method: 'POST',
		path: '/disk/file/upload',
		qs: { hash },
		body: form.body,
		headers: {
			'Content-Type': form.contentType,
			'Content-Range': `bytes 0-${file.data.length}/${file.data.length}`,
		},
		idempotent: false,
		itemIndex,
		timeout: TRANSFER_TIMEOUT_MS,
		onStatus: (answered) => (status = answered),
	});
	// 206 is "part taken, more expected": the platform did not take the whole file as finished.
	if (status === 206) {
		throw new NodeApiError(
			ctx.getNode(),
			{ error: 'upload answered 206' },
			{
				message:
					'ELMA365: the platform took the file as a part of a larger upload (206), not as a finished file',
				description: 'No import was started. Request: POST /disk/file/upload.',
				httpCode: '206',
				itemIndex,
			},
		);
	}
	return hash;
}

/** Uploads the binary file (or takes the hash given), then POST /app/{namespace}/{code}/import. */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	// Everything is read and checked before the first request.
	const path = readApplicationPath(this, itemIndex, appItems, '/import');
	const source = requireOneOf(
		'File Source',
		this.getNodeParameter('fileSource', itemIndex, 'binary'),
		['binary', 'hash'] as const,
	);
	const formatParameter = requireOneOf(
		'Format',
		this.getNodeParameter('format', itemIndex, 'auto'),
		['auto', 'xlsx', 'csv'] as const,
	);
	const withEventHandlers = requireBoolean(
		'Run Event Handlers',
		this.getNodeParameter('withEventHandlers', itemIndex, false),
	);
	const file = source === 'binary' ? await readBinary(this, itemIndex) : undefined;
	const givenHash =
		source === 'hash'
			? requireUuid('File Hash', this.getNodeParameter('fileHash', itemIndex, ''))
			: undefined;
	const format =
		formatParameter !== 'auto'
			? formatParameter
			: file
				? formatOf(file.fileName, file.mimeType)
				: undefined;
	if (format === undefined) {
		const why = file
			? `the file ${shownText(file.fileName)} (${shortText(file.mimeType)}) is neither .xlsx nor .csv`
			: 'a file hash says nothing of its format';
		throw invalidInput('Format', `xlsx or csv (${why})`, formatParameter);
	}

	const fileHash = givenHash ?? (await uploadTemporary(this, itemIndex, file!));
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		body: { fileHash, format, withEventHandlers },
		idempotent: false,
		itemIndex,
	});
	return { fileHash, format, withEventHandlers, ...unwrapItem(response) } as IDataObject;
}
