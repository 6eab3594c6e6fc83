import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { Download } from '../../../shared/transport';
import { readDownload, refusalOf, reworded } from '../../../shared/transport';
import { requireOneOf, requireText } from '../../../shared/validation';
import { dispositionFileName, isObject } from '../../../shared/utils';

const RESPONSE_FORMATS = ['auto', 'json', 'text', 'file'] as const;

/** Options > Response Format and Put Output File in Field. */
export const answerOptions: INodeProperties[] = [
	{
		displayName: 'Response Format',
		name: 'responseFormat',
		type: 'options',
		options: [
			{
				name: 'Autodetect',
				value: 'auto',
				description:
					'JSON when the answer is JSON (its Content-Type says so, or it has none and parses), else a file',
			},
			{
				name: 'File',
				value: 'file',
				description: 'The answer as binary data, whatever it holds',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'The answer parsed as JSON; an answer that is not JSON fails the item',
			},
			{
				name: 'Text',
				value: 'text',
				description: 'The answer as text, in the output field "data"',
			},
		],
		default: 'auto',
		description: "How the method's answer becomes the output item",
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		description: 'The binary field of the output item that receives an answer output as a file',
	},
];

/** How the answer is output: Response Format and the binary field of a file. */
export interface AnswerOptions {
	format: (typeof RESPONSE_FORMATS)[number];
	property: string;
}

/** The options that say how the answer is output, read before the request so a bad one sends nothing. */
export function readAnswerOptions(ctx: IExecuteFunctions, itemIndex: number): AnswerOptions {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const format = requireOneOf(
		'Response Format',
		options.responseFormat ?? 'auto',
		RESPONSE_FORMATS,
	);
	const property = requireText('Put Output File in Field', options.binaryPropertyName ?? 'data');
	return { format, property: property.trim() };
}

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name];
	if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/** The answer's media type, lower case and without parameters (`text/csv`); undefined when it states none. */
function mediaType(headers: IDataObject): string | undefined {
	const value = header(headers, 'content-type')?.split(';')[0].trim().toLowerCase();
	return value === '' ? undefined : value;
}

const isJsonType = (type: string) => type === 'application/json' || type.endsWith('+json');

/** The whole answer, read within the request's size cap and deadline. */
async function allBytes(download: Download): Promise<Buffer> {
	return await readDownload(download, async (data) => {
		const chunks: Buffer[] = [];
		for await (const chunk of data)
			chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
		return Buffer.concat(chunks);
	});
}

/**
 * A JSON answer as output items, as n8n's HTTP Request node gives them: an array one item per
 * element (none for an empty array), an object one item; a value that is not an object is put in
 * `data`.
 */
function jsonItems(value: unknown): INodeExecutionData[] {
	const values = Array.isArray(value) ? value : [value];
	return values.map((entry) => ({ json: isObject(entry) ? entry : { data: entry as never } }));
}

/**
 * The method's answer as output items, in the chosen format: a file is streamed into n8n's binary
 * data (flat memory in filesystem mode); JSON and text are read whole. `method` names the file when
 * the answer's Content-Disposition does not; `request` (method and path) is named in a failure.
 */
export async function answerItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	download: Download,
	method: string,
	{ format, property }: AnswerOptions,
	request: string,
): Promise<INodeExecutionData[]> {
	const type = mediaType(download.headers);
	const asFile = (data: Buffer | Download) =>
		fileItem(ctx, data, { property, method, type, headers: download.headers });
	if (format === 'file' || (format === 'auto' && type !== undefined && !isJsonType(type)))
		return [await asFile(download)];
	const bytes = await allBytes(download);
	const text = bytes.toString('utf8');
	if (format === 'text') return [{ json: { data: text } }];
	if (text.trim() === '') return [{ json: {} }];
	try {
		return jsonItems(JSON.parse(text));
	} catch {
		if (format === 'auto' && type === undefined) return [await asFile(bytes)];
		throw new NodeOperationError(
			ctx.getNode(),
			`The method's answer is not JSON (${bytes.length} bytes${type ? `, Content-Type ${type}` : ''})`,
			{
				itemIndex,
				description: `Set Options > Response Format to Text or File to keep the answer as it is, or check what the method returns. Request: ${request}.`,
			},
		);
	}
}

/** An answer as binary data in `property`, with its name, type and size in the item's JSON. */
async function fileItem(
	ctx: IExecuteFunctions,
	data: Buffer | Download,
	answer: { property: string; method: string; type?: string; headers: IDataObject },
): Promise<INodeExecutionData> {
	const named = dispositionFileName(header(answer.headers, 'content-disposition'));
	const fileName = named ?? decodeURIComponent(answer.method.replace(/\/$/, '').split('/').pop()!);
	const mimeType =
		answer.type && answer.type !== 'application/octet-stream' ? answer.type : undefined;
	const binary = Buffer.isBuffer(data)
		? await ctx.helpers.prepareBinaryData(data, fileName, mimeType)
		: await readDownload(
				data,
				async (stream) => await ctx.helpers.prepareBinaryData(stream as never, fileName, mimeType),
			);
	// A name without an extension gets the one n8n found for its type (report -> report.csv).
	if (!named && !binary.fileName?.includes('.') && binary.fileExtension)
		binary.fileName = `${fileName}.${binary.fileExtension}`;
	const size = Buffer.isBuffer(data) ? data.length : data.bytes();
	return {
		json: { fileName: binary.fileName ?? fileName, mimeType: binary.mimeType, size },
		binary: { [answer.property]: binary },
	};
}

/** The longest piece of a JSON refusal quoted in the message, as the transport bounds the platform's text. */
const MAX_QUOTED_CHARS = 300;

/**
 * A method's non-2xx answer in the module's own words: its text, its `error` or `message` field, or
 * else its JSON (already redacted and bounded by the transport), where the platform's words would
 * say "the platform rejected the request"; the description says the module's script answered.
 */
export function methodRefusal(error: unknown): unknown {
	const refusal = refusalOf(error);
	if (refusal?.status === undefined) return error;
	let message = refusal.platformText;
	const answer = error instanceof NodeApiError ? error.errorResponse : undefined;
	if (
		message === undefined &&
		isObject(answer) &&
		!('message' in answer && Object.keys(answer).length === 1)
	) {
		const text = JSON.stringify(answer);
		message = text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text;
	}
	return reworded(error, {
		...(message === undefined ? {} : { message }),
		hint: "The module's API method answered this: its script chose the status and the text.",
	});
}
