import type { IDataObject } from 'n8n-workflow';

/** A plain object of a JSON answer or parameter: not null, not an array. */
export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The entries of a list typed as separated text (comma by default) or given as an array by an
 * expression or a dropdown: each trimmed, blanks dropped. Any other value gives none.
 */
export function splitList(value: unknown, separator: string | RegExp = ','): string[] {
	if (Array.isArray(value)) return value.map((entry) => String(entry).trim()).filter(Boolean);
	if (typeof value !== 'string') return [];
	return value
		.split(separator)
		.map((entry) => entry.trim())
		.filter(Boolean);
}

/**
 * A typed value as the platform should get it: parsed where the text is JSON (`5`, `true`,
 * `["a"]`), else the text as it was typed. Values that are not text are returned as they are.
 */
export function parseJsonOrText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value.trim());
	} catch {
		return value;
	}
}

/** The text as an http(s) URL (resolved against `base` where given); undefined if it is not one. */
export function toHttpUrl(text: string, base?: string): URL | undefined {
	try {
		const url = new URL(text, base);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
	} catch {
		return undefined;
	}
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
