import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uuidLocator } from '../../../shared/pickers/locators';
import { encodePathSegment } from '../../../shared/transport';
import type { Field } from '../../../shared/validation';
import {
	hasControlCharacter,
	invalidInput,
	MAX_SEGMENT_CHARS,
	parameterField,
	requireOneOf,
	requireSendable,
	requireText,
} from '../../../shared/validation';

/**
 * The HTTP methods a module's API method may be set to answer (vendor help `extention-api`:
 * "GET, POST, PUT, PATCH, and DELETE"). POST is what the public client sends
 * (`artemmovchan/elma365tbothelper`, `app/elma_api.py`); the others rest on the help alone.
 */
export const HTTP_METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The longest method address taken: the help sets no limit, and a longer one only makes an address servers refuse (414). */
const MAX_METHOD_CHARS = 1000;

const METHOD_EXAMPLE = 'such as create_order or main/email_dispatch';

export const methodFields: INodeProperties[] = [
	uuidLocator({
		displayName: 'Module',
		name: 'module',
		searchListMethod: 'searchModules',
		description:
			"The module whose API method is called (Administration > Modules); its ID is in the method's address, /api/extensions/<module ID>/script/<method>",
	}),
	{
		displayName: 'Method',
		name: 'method',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'create_order',
		description:
			'The address of the API method as set in the module (API Methods tab > Address): a name, or a nested path such as main/email_dispatch. Only External methods can be called from outside the company.',
	},
	{
		displayName: 'HTTP Method',
		name: 'httpMethod',
		type: 'options',
		options: [
			{ name: 'DELETE', value: 'DELETE' },
			{ name: 'GET', value: 'GET' },
			{ name: 'PATCH', value: 'PATCH' },
			{ name: 'POST', value: 'POST' },
			{ name: 'PUT', value: 'PUT' },
		],
		default: 'POST',
		description: 'The HTTP method the API method answers (its Address in the module)',
	},
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		description:
			"The JSON the method's script receives as the request body: an object or an array, sent as it is",
		displayOptions: { hide: { httpMethod: ['GET'] } },
	},
	{
		displayName: 'Query Parameters (JSON)',
		name: 'query',
		type: 'json',
		default: '{}',
		description:
			'Sent in the address after "?": a JSON object of names and values (text, numbers or true/false)',
		displayOptions: { show: { httpMethod: ['GET'] } },
	},
];

/** The HTTP method chosen. */
export function readHttpMethod(ctx: IExecuteFunctions, itemIndex: number): HttpMethod {
	return requireOneOf(
		parameterField('httpMethod', 'HTTP Method'),
		ctx.getNodeParameter('httpMethod', itemIndex, 'POST'),
		HTTP_METHODS,
	);
}

/**
 * The method's address, as path segments below `/script/`, each percent-encoded so that no value
 * leaves its segment. Nested addresses (`main/email_dispatch`) and a trailing `/` are the help's
 * own examples and are kept; a leading `/` (as the help writes them) is dropped. Empty segments,
 * `.` and `..` (which URL resolution would rewrite into another address, outside the module),
 * `?`, `#` and control characters are refused.
 */
export function readMethodPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const field = parameterField('method', 'Method');
	const value = ctx.getNodeParameter('method', itemIndex, '');
	const text = requireText(field, value).trim().replace(/^\//, '');
	const problem = methodPathProblem(text);
	if (problem !== undefined) throw invalidInput(field, problem, value);
	return text.split('/').map(encodePathSegment).join('/');
}

/** Why a trimmed method address cannot be sent (what is expected instead); undefined when it can. */
function methodPathProblem(text: string): string | undefined {
	const expected = `the address of an API method, ${METHOD_EXAMPLE}`;
	if (text === '') return expected;
	if (text.length > MAX_METHOD_CHARS)
		return `${expected}, of at most ${MAX_METHOD_CHARS} characters`;
	if (hasControlCharacter(text))
		return `${expected}, without control characters (line breaks, tabs, ...)`;
	if (/[?#]/.test(text))
		return `${expected}, without "?" or "#" (query parameters go in Query Parameters, with HTTP Method GET)`;
	const segments = text.replace(/\/$/, '').split('/');
	if (segments.some((segment) => segment === '.' || segment === '..'))
		return `${expected}, without "." or ".." parts (they would change the address)`;
	if (segments.some((segment) => segment === '')) return `${expected}, without empty parts ("//")`;
	if (segments.some((segment) => segment.length > MAX_SEGMENT_CHARS))
		return `${expected}, each part between "/" of at most ${MAX_SEGMENT_CHARS} characters`;
	return undefined;
}

/** A JSON parameter as it was given: parsed when it is text, as it is when an expression made it a value. */
function parsedJson(field: Field, value: unknown, expected: string): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		throw invalidInput(field, expected, value);
	}
}

/** Body (JSON): a JSON object or array, sent as it is; `{}` when empty. */
export function readBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject | IDataObject[] {
	const field = parameterField('body', 'Body (JSON)');
	const value = ctx.getNodeParameter('body', itemIndex, '{}');
	const expected = 'a JSON object or array, such as {"orderId": 42}';
	const parsed = parsedJson(field, value, expected) ?? {};
	if (parsed === null || typeof parsed !== 'object') throw invalidInput(field, expected, value);
	return requireSendable(field, parsed as IDataObject | IDataObject[]);
}

type QueryValue = string | number | boolean;

const isQueryValue = (value: unknown): value is QueryValue =>
	typeof value === 'string' ||
	typeof value === 'boolean' ||
	(typeof value === 'number' && Number.isFinite(value));

/** Query Parameters (JSON): names and values (text, number or true/false). */
export function readQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const field = parameterField('query', 'Query Parameters (JSON)');
	const value = ctx.getNodeParameter('query', itemIndex, '{}');
	const expected =
		'a JSON object of names and values (text, numbers or true/false), such as {"status": "open"}';
	const parsed = parsedJson(field, value, expected) ?? {};
	if (Object.prototype.toString.call(parsed) !== '[object Object]')
		throw invalidInput(field, expected, value);
	const query = parsed as IDataObject;
	if (!Object.values(query).every(isQueryValue)) throw invalidInput(field, expected, value);
	return query;
}
