import { NodeOperationError } from 'n8n-workflow';
import { shownText } from '../shown';
import type { Elma365Context } from './types';

/** Where the public API sits below a company's address. */
export const API_ROOT_PATH = '/pub/v1';

/** How the credential's Base URL should look, quoted in every complaint about it. */
export const BASE_URL_EXAMPLE = 'e.g. https://mycompany.elma365.ru';
/** The start of every complaint about the credential's Base URL. */
export const BASE_URL_UNUSABLE = 'The Base URL of the ELMA365 credential is not usable: ';

/**
 * The API root of a company address: `https://x.elma365.ru`, with or without a trailing slash or
 * `/pub/v1`, or an on-premises address with a path prefix (`https://intranet/elma365`); or what is
 * wrong with the address when it is not an http(s) URL.
 */
export function parseBaseUrl(baseUrl: string): { root: string } | { problem: string } {
	const text = String(baseUrl ?? '').trim();
	const example = BASE_URL_EXAMPLE;
	if (text === '') return { problem: `it is empty; enter the address of your company, ${example}` };
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {
			problem: `${shownText(text)} is not a web address; it must start with https:// (or http://), ${example}`,
		};
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return {
			problem: `${shownText(text)} uses ${url.protocol.slice(0, -1)}; it must start with https:// (or http://), ${example}`,
		};
	}
	if (url.username !== '' || url.password !== '')
		return {
			problem:
				'it contains a user name or password; put only the address there and the key in API Key',
		};
	if (url.search !== '' || url.hash !== '')
		return {
			problem: `${shownText(text)} has a query or fragment (? or #); enter only the address, ${example}`,
		};
	const prefix = url.pathname.replace(/\/+$/, '').replace(/\/pub\/v1$/, '');
	return { root: `${url.origin}${prefix}${API_ROOT_PATH}` };
}

/** The credential's base URL as an API root, or a clear error naming the credential field. */
export function companyApiRoot(ctx: Elma365Context, baseUrl: unknown): string {
	const parsed = parseBaseUrl(String(baseUrl ?? ''));
	if ('root' in parsed) return parsed.root;
	throw new NodeOperationError(ctx.getNode(), `${BASE_URL_UNUSABLE}${parsed.problem}`, {
		description:
			"Open the credential and enter the company address: https://mycompany.elma365.ru for the cloud, or your own server's address (with its path, if the platform is published under one).",
	});
}

/**
 * Tagged template for API paths: every interpolated value is percent-encoded as one path segment,
 * so a value such as `../x` or `a?b#c` cannot leave its segment.
 * Usage: apiPath`/nomenclature/${id}`
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, literal, index) => {
		if (index === 0) return literal;
		return path + encodePathSegment(String(values[index - 1])) + literal;
	}, '');
}

/** One value as one path segment: percent-encoded, and never `.` or `..`, which URL resolution would rewrite. */
export function encodePathSegment(value: string): string {
	const encoded = encodeURIComponent(value);
	return encoded === '.' || encoded === '..' ? encoded.replace(/\./g, '%2E') : encoded;
}
