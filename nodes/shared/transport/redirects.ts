import type { IDataObject } from 'n8n-workflow';

/** Same-origin redirects followed for one request; cross-origin ones are never followed with the key. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Whether an HTTP status is a redirect that names its target in Location. */
export function isRedirect(status: number): boolean {
	return REDIRECT_STATUSES.has(status);
}

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name];
	if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/** Where a redirect points, resolved against the address that answered; undefined for any other answer or without a usable Location. */
export function redirectTarget(answer: {
	status: number;
	headers: IDataObject;
	url: string;
}): URL | undefined {
	if (!isRedirect(answer.status)) return undefined;
	const location = header(answer.headers, 'location');
	if (location === undefined) return undefined;
	try {
		return new URL(location, answer.url);
	} catch {
		return undefined;
	}
}
