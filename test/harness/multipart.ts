/**
 * multipart/form-data (RFC 7578) as a server reads it: the double's upload routes parse request
 * bodies with it, and tests read what a node sent. Erasable TypeScript only (the local sandbox runs
 * it with Node directly).
 */

export interface MultipartPart {
	/** The form field (`name` of Content-Disposition). */
	name: string;
	/** `filename*=UTF-8''…` decoded when given, else `filename`. */
	fileName?: string;
	contentType?: string;
	/** The part's own headers, names lower-cased. */
	headers: Record<string, string>;
	/** The part's bytes exactly as they arrived. */
	data: Buffer;
}

function dispositionParam(disposition: string, key: string): string | undefined {
	const match = new RegExp(`(?:^|;)\\s*${key}="([^"]*)"`, 'i').exec(disposition);
	return match ? match[1] : undefined;
}

/** Splits a multipart/form-data body into its parts by the Content-Type's boundary; throws on a malformed body. */
export function parseMultipart(raw: Buffer, contentType: string | undefined): MultipartPart[] {
	const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
	if (!/^multipart\/form-data/i.test(contentType ?? '') || !match)
		throw new Error('not multipart/form-data');
	const delimiter = Buffer.from(`--${match[1] ?? match[2].trim()}`);
	const parts: MultipartPart[] = [];
	let position = raw.indexOf(delimiter);
	if (position !== 0) throw new Error('body does not start with the boundary');
	for (;;) {
		position += delimiter.length;
		if (raw.subarray(position, position + 2).toString() === '--') break;
		if (raw.subarray(position, position + 2).toString() !== '\r\n')
			throw new Error('no CRLF after boundary');
		position += 2;
		const headerEnd = raw.indexOf('\r\n\r\n', position);
		if (headerEnd < 0) throw new Error('part headers not terminated');
		const headers: Record<string, string> = {};
		for (const line of raw.subarray(position, headerEnd).toString('utf8').split('\r\n')) {
			const colon = line.indexOf(':');
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
		}
		const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
		if (next < 0) throw new Error('part not terminated');
		const disposition = headers['content-disposition'] ?? '';
		const extended = /(?:^|;)\s*filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
		parts.push({
			name: dispositionParam(disposition, 'name') ?? '',
			fileName: extended ? decodeURIComponent(extended) : dispositionParam(disposition, 'filename'),
			contentType: headers['content-type'],
			headers,
			data: raw.subarray(headerEnd + 4, next),
		});
		position = next + 2;
	}
	return parts;
}
