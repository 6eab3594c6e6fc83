import type { IDataObject, IExecuteFunctions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions';
import { readRequestSettings, TRANSFER_TIMEOUT_MS } from '../../../shared/requestOptions';
import { apiPath, apiRequest, CREDENTIAL_TYPE, companyApiRoot } from '../../../shared/transport';
import { requireText } from '../../../shared/validation';
import { fileIdField, readFileId } from '../fields';
import { withLink } from './getDownloadLink.operation';

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
	{
		displayName: 'Options',
		name: 'downloadOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				description: 'Name to give the binary data instead of the one the download states',
			},
		],
	},
]);

interface Downloaded {
	data: Buffer;
	headers: IDataObject;
}

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/** The file name a Content-Disposition header states: `filename*` (RFC 6266) first, then `filename`. */
export function dispositionFileName(value: string | undefined): string | undefined {
	if (!value) return undefined;
	const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
	if (extended) {
		try {
			return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
		} catch {
			// not percent-encoded after all: fall back to the plain parameter
		}
	}
	const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(value);
	const name = plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() : '';
	return name === '' ? undefined : name;
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

/** A link outside the platform's API (object storage, another host): fetched without the API key. */
async function fetchForeign(ctx: IExecuteFunctions, url: string, itemIndex: number, insecure: boolean): Promise<Downloaded> {
	let response: IN8nHttpFullResponse;
	try {
		response = (await ctx.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: readRequestSettings(ctx, itemIndex).timeout ?? TRANSFER_TIMEOUT_MS,
			skipSslCertificateValidation: insecure,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const cause = error as { code?: string; message?: string };
		throw new NodeApiError(ctx.getNode(), { message: cause?.message ?? 'network error', code: cause?.code ?? '' }, {
			message: `ELMA365: the download link could not be reached${cause?.code ? ` (${cause.code})` : ''}`,
			description: `Download from ${new URL(url).origin}.`,
			itemIndex,
		});
	}
	if (response.statusCode < 200 || response.statusCode >= 300) {
		const text = Buffer.isBuffer(response.body) ? response.body.toString('utf8').slice(0, 300) : String(response.body ?? '').slice(0, 300);
		throw new NodeApiError(ctx.getNode(), { message: text }, {
			message: `ELMA365: the download link answered HTTP ${response.statusCode}`,
			description: `Download from ${new URL(url).origin}. The link may have expired; get a new one and retry.`,
			httpCode: String(response.statusCode),
			itemIndex,
		});
	}
	const data = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as ArrayBuffer);
	return { data, headers: (response.headers ?? {}) as IDataObject };
}

/**
 * Gets the file's download link and fetches its bytes. A link under the API root goes through the
 * transport (API key, retries, errors); any other link (object storage, another host) is fetched
 * without the key, so the key never leaves the platform's API.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fileId = readFileId(this, itemIndex);
	const property = requireText(this, itemIndex, 'Put Output File in Field', this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const options = this.getNodeParameter('downloadOptions', itemIndex, {}) as IDataObject;

	const answer = withLink(
		await apiRequest(this, { method: 'POST', path: apiPath`/disk/file/${fileId}/get-link`, idempotent: true, itemIndex }),
	);
	const link = answer.link;
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const root = companyApiRoot(this, credentials.baseUrl, itemIndex);
	const company = root.slice(0, -'/pub/v1'.length);
	let url: URL | undefined;
	try {
		url = typeof link === 'string' && link.trim() !== '' ? new URL(link.trim(), `${company}/`) : undefined;
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		throw new NodeOperationError(this.getNode(), `ELMA365 gave no usable download link for file ${fileId}: ${JSON.stringify(link ?? null)}`, {
			itemIndex,
			description: 'Expected an http(s) link in the "Link" field of the get-link answer.',
		});
	}

	const downloaded = url.href.startsWith(`${root}/`)
		? ((await apiRequest(this, { method: 'GET', path: url.href.slice(root.length), response: 'buffer', itemIndex, timeout: TRANSFER_TIMEOUT_MS })) as unknown as Downloaded)
		: await fetchForeign(this, url.href, itemIndex, credentials.ignoreSslIssues === true);

	const named = typeof options.fileName === 'string' && options.fileName.trim() !== '' ? options.fileName.trim() : undefined;
	const fileName = named ?? dispositionFileName(header(downloaded.headers, 'content-disposition')) ?? nameFromUrl(url) ?? fileId;
	const contentType = header(downloaded.headers, 'content-type')?.split(';')[0].trim();
	const mimeType = contentType && contentType !== 'application/octet-stream' ? contentType : undefined;
	const binary = await this.helpers.prepareBinaryData(downloaded.data, fileName, mimeType);
	return [
		{
			json: { fileId, link: answer.link as string, fileName: binary.fileName ?? fileName, mimeType: binary.mimeType, size: downloaded.data.length },
			binary: { [property]: binary },
		},
	];
}
