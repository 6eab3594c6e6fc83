import { randomInt, randomString } from 'n8n-workflow';

/** A plain form field. */
export interface MultipartField {
	name: string;
	value: string;
}

/** A file part: its bytes are copied once, into the body, and never converted. */
export interface MultipartFile {
	name: string;
	data: Buffer;
	fileName: string;
	/** Defaults to application/octet-stream. */
	contentType?: string;
}

export type MultipartPart = MultipartField | MultipartFile;

export interface MultipartBody {
	/** The whole multipart/form-data body, ready for `apiRequest({ body, headers })`. */
	body: Buffer;
	/** The Content-Type header value, with the boundary. */
	contentType: string;
	boundary: string;
}

const CRLF = '\r\n';

/** A random version 4 UUID (RFC 9562), e.g. for the upload `hash` the platform asks the client to make. */
export function randomUuid(): string {
	const bytes = Array.from({ length: 16 }, () => randomInt(256));
	bytes[6] = (bytes[6] & 0x0f) | 0x40;
	bytes[8] = (bytes[8] & 0x3f) | 0x80;
	const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A quoted-string parameter value as browsers write it in multipart headers (WHATWG HTML,
 * "multipart/form-data encoding"): `"`, CR and LF percent-encoded, everything else as UTF-8.
 */
function quoted(value: string): string {
	return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** RFC 5987 / 6266 extended value for names outside ASCII, which servers prefer when present. */
function extended(value: string): string {
	return `UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

function isFile(part: MultipartPart): part is MultipartFile {
	return Buffer.isBuffer((part as MultipartFile).data);
}

function partHeader(part: MultipartPart, boundary: string): string {
	let disposition = `form-data; name=${quoted(part.name)}`;
	const lines = [`--${boundary}`];
	if (isFile(part)) {
		disposition += `; filename=${quoted(part.fileName)}`;
		if (!/^[\x20-\x7e]*$/.test(part.fileName))
			disposition += `; filename*=${extended(part.fileName)}`;
		lines.push(`Content-Disposition: ${disposition}`);
		lines.push(`Content-Type: ${(part.contentType ?? '').trim() || 'application/octet-stream'}`);
	} else {
		lines.push(`Content-Disposition: ${disposition}`);
	}
	return lines.join(CRLF) + CRLF + CRLF;
}

function newBoundary(): string {
	return `----n8nElma365Boundary${randomString(24)}`;
}

/**
 * Builds a multipart/form-data body (RFC 7578). The result is one Buffer allocated at its final
 * size, so a file's bytes are copied exactly once. The boundary is random and checked not to occur
 * in any part.
 */
export function multipartBody(parts: MultipartPart[], boundary?: string): MultipartBody {
	let partBoundary = boundary ?? newBoundary();
	const occurs = (candidate: string) =>
		parts.some((part) =>
			isFile(part) ? part.data.includes(`--${candidate}`) : part.value.includes(`--${candidate}`),
		);
	while (boundary === undefined && occurs(partBoundary)) partBoundary = newBoundary();

	const pieces: Buffer[] = [];
	for (const part of parts) {
		pieces.push(Buffer.from(partHeader(part, partBoundary), 'utf8'));
		pieces.push(isFile(part) ? part.data : Buffer.from(part.value, 'utf8'));
		pieces.push(Buffer.from(CRLF, 'utf8'));
	}
	pieces.push(Buffer.from(`--${partBoundary}--${CRLF}`, 'utf8'));
	return {
		body: Buffer.concat(pieces),
		contentType: `multipart/form-data; boundary=${partBoundary}`,
		boundary: partBoundary,
	};
}
