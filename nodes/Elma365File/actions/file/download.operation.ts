import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import {
	apiDownload,
	apiPath,
	apiRequest,
	companyApiRoot,
	CREDENTIAL_TYPE,
	downloadWithoutKey,
	readDownload,
} from '../../../shared/transport';
import { TRANSFER_TIMEOUT_MS } from '../../../shared/limits';
import { requireText } from '../../../shared/validation';
import { dispositionFileName, toHttpUrl } from '../../../shared/utils';
import { fileIdField, readFileId } from '../diskParameters';
import { withLink } from './getDownloadLink.operation';
import { shownValue } from '../../../shared/shown';
import { concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('file', 'download', [
	fileIdField,
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		description: 'Binary property of the output item that receives the file',
	},
	optionsCollection([
		concurrency(),
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description: 'Name to give the binary data instead of the one the download states',
		},
	]),
]);

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

function nameFromUrl(url: URL): string | undefined {
	const last = url.pathname.split('/').filter(Boolean).pop();
	if (!last) return undefined;
	try {
		return decodeURIComponent(last);
	} catch {
		return last;
	}
}

/**
 * Gets the file's download link and fetches its bytes. A link under the API root goes through the
 * transport (API key, retries, errors); any other link (object storage, another host) is fetched
 * without the key, so the key never leaves the platform's API.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const fileId = readFileId(this, itemIndex);
	const property = requireText(
		'Put Output File in Field',
		this.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
	).trim();
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;

	const answer = withLink(
		await apiRequest(this, {
			method: 'POST',
			path: apiPath`/disk/file/${fileId}/get-link`,
			idempotent: true,
			itemIndex,
		}),
	);
	const link = answer.link;
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const root = companyApiRoot(this, credentials.baseUrl);
	const company = root.slice(0, -'/pub/v1'.length);
	const url =
		typeof link === 'string' && link.trim() !== ''
			? toHttpUrl(link.trim(), `${company}/`)
			: undefined;
	if (!url) {
		throw new NodeOperationError(
			this.getNode(),
			`ELMA365 gave no usable download link for file ${fileId}: ${shownValue(link ?? null)}`,
			{
				itemIndex,
				description: 'Expected an http(s) link in the "Link" field of the get-link answer.',
			},
		);
	}

	// Streamed into n8n's binary data (flat memory in filesystem mode), bounded by the size cap and deadline.
	const downloaded = url.href.startsWith(`${root}/`)
		? await apiDownload(this, {
				method: 'GET',
				path: url.href.slice(root.length),
				itemIndex,
				timeout: TRANSFER_TIMEOUT_MS,
			})
		: await downloadWithoutKey(this, url.href, itemIndex, TRANSFER_TIMEOUT_MS);

	const named =
		typeof options.fileName === 'string' && options.fileName.trim() !== ''
			? options.fileName.trim()
			: undefined;
	const fileName =
		named ??
		dispositionFileName(header(downloaded.headers, 'content-disposition')) ??
		nameFromUrl(url) ??
		fileId;
	const contentType = header(downloaded.headers, 'content-type')?.split(';')[0].trim();
	const mimeType =
		contentType && contentType !== 'application/octet-stream' ? contentType : undefined;
	const binary = await readDownload(
		downloaded,
		async (data) => await this.helpers.prepareBinaryData(data as never, fileName, mimeType),
	);
	return [
		{
			json: {
				fileId,
				link: answer.link as string,
				fileName: binary.fileName ?? fileName,
				mimeType: binary.mimeType,
				size: downloaded.bytes(),
			},
			binary: { [property]: binary },
		},
	];
}
