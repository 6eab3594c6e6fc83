import type { Platform, RecordedRequest, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MultipartPart {
	name: string;
	fileName?: string;
	contentType?: string;
	headers: Record<string, string>;
	data: Buffer;
}

/** Splits a multipart/form-data body (RFC 7578) into its parts; throws on a malformed body. */
export function parseMultipart(raw: Buffer, contentType: string | undefined): MultipartPart[] {
	const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
	if (!contentType?.toLowerCase().startsWith('multipart/form-data') || !match) throw new Error('not multipart/form-data');
	const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
	const parts: MultipartPart[] = [];
	let position = raw.indexOf(delimiter);
	if (position !== 0) throw new Error('body does not start with the boundary');
	for (;;) {
		position += delimiter.length;
		if (raw.subarray(position, position + 2).toString() === '--') break;
		if (raw.subarray(position, position + 2).toString() !== '\r\n') throw new Error('no CRLF after boundary');
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
		const name = /\bname="([^"]*)"/.exec(disposition)?.[1] ?? '';
		const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
		const plain = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
		parts.push({
			name,
			fileName: extended ? decodeURIComponent(extended) : plain,
			contentType: headers['content-type'],
			headers,
			data: raw.subarray(headerEnd + 4, next),
		});
		position = next + 2;
	}
	return parts;
}

/** What the platform shows of a stored file (its bytes stay inside the double). */
export function publicFile(file: Record<string, unknown>): Record<string, unknown> {
	const { data: _data, mimeType: _mimeType, deleted: _deleted, ...shown } = file;
	return shown;
}

function uniqueName(platform: Platform, name: string, directory: unknown): string {
	const taken = new Set(
		[...platform.collection('diskFiles').values()].filter((f) => f.directory === directory && !f.deleted).map((f) => f.name),
	);
	if (!taken.has(name)) return name;
	const dot = name.lastIndexOf('.');
	const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
	for (let n = 1; ; n++) {
		const candidate = `${stem} (${n})${extension}`;
		if (!taken.has(candidate)) return candidate;
	}
}

/** The documented upload: multipart field `file`, query `hash` (uuid), Content-Range for the whole file. */
function upload(request: RecordedRequest, platform: Platform, directory: string | undefined): Reply {
	const hash = request.query.hash;
	if (!hash || !UUID.test(hash)) return fail(400, 'hash: uuid expected in the query');
	let parts: MultipartPart[];
	try {
		parts = parseMultipart(request.raw, request.headers['content-type']);
	} catch (error) {
		return fail(400, `invalid multipart body: ${(error as Error).message}`);
	}
	const part = parts.find((p) => p.name === 'file' && p.fileName !== undefined);
	if (!part) return fail(400, 'file: multipart field "file" with a file name expected');
	const size = part.data.length;
	const range = request.headers['content-range'];
	if (range !== `bytes 0-${size - 1}/${size}`) return fail(400, `Content-Range: expected "bytes 0-${size - 1}/${size}", got "${String(range)}"`);
	const name = uniqueName(platform, part.fileName as string, directory ?? null);
	const file: Record<string, unknown> = {
		__id: newId(),
		name,
		originalName: part.fileName,
		directory: directory ?? null,
		size,
		version: 1,
		hash,
		mimeType: part.contentType,
		data: Buffer.from(part.data),
	};
	platform.collection('diskFiles').set(file.__id as string, file);
	return ok({ file: publicFile(file) });
}

function bodyOf(request: RecordedRequest): Record<string, unknown> {
	return request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
}

function byHash(platform: Platform, hash: string): Record<string, unknown> | undefined {
	return [...platform.collection('diskFiles').values()].find((f) => f.hash === hash && !f.deleted);
}

/** Bulk links: `{hashesList}`; 422 with the links that worked when some hashes fail. */
function links(request: RecordedRequest, platform: Platform, kind: 'upload' | 'download'): Reply {
	const hashes = bodyOf(request).hashesList;
	if (!Array.isArray(hashes) || hashes.length === 0) return fail(400, 'hashesList: non-empty array expected');
	const done: Array<{ hash: string; link: string }> = [];
	const failed: string[] = [];
	for (const hash of hashes as string[]) {
		const file = typeof hash === 'string' && UUID.test(hash) ? byHash(platform, hash) : undefined;
		if (kind === 'download' ? !file : file || !UUID.test(String(hash))) {
			failed.push(String(hash));
			continue;
		}
		done.push({ hash, link: `${platform.url}/pub/v1/disk/${kind === 'download' ? `download/${file!.__id}` : `upload-by-link/${hash}`}` });
	}
	if (failed.length > 0) {
		const why = kind === 'download' ? 'files not found' : 'hashes already used';
		return { status: 422, body: { success: false, error: `${why}: ${failed.join(', ')}`, links: done } };
	}
	return ok({ links: done });
}

function directoryExists(platform: Platform, id: unknown): boolean {
	return typeof id === 'string' && platform.collection('diskDirectories').has(id);
}

export function registerDisk(platform: Platform): void {
	platform
		.route('POST', '/pub/v1/disk/file/upload', (request, _params, p) => upload(request, p, undefined))
		.route('POST', '/pub/v1/disk/directory/:id/upload', (request, { id }, p) => {
			if (!directoryExists(p, id)) return fail(404, `directory ${id} not found`);
			return upload(request, p, id);
		})
		.route('POST', '/pub/v1/disk/file/:id/get-link', (_request, { id }, p) => {
			const file = p.collection('diskFiles').get(id);
			if (!file || file.deleted) return fail(404, `file ${id} not found`);
			return { status: 200, body: { success: true, Link: `${p.url}/pub/v1/disk/download/${id}` } };
		})
		.route('GET', '/pub/v1/disk/download/:id', (_request, { id }, p) => {
			const file = p.collection('diskFiles').get(id);
			if (!file || !file.data) return fail(404, `file ${id} not found`);
			return {
				status: 200,
				headers: {
					'content-type': String(file.mimeType ?? 'application/octet-stream'),
					'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(String(file.name))}`,
				},
				body: file.data as Buffer,
			};
		})
		.route('POST', '/pub/v1/disk/links/upload', (request, _params, p) => links(request, p, 'upload'))
		.route('POST', '/pub/v1/disk/links/download', (request, _params, p) => links(request, p, 'download'))
		.route('POST', '/pub/v1/disk/files', (request, _params, p) => {
			const files = bodyOf(request).files;
			if (!Array.isArray(files) || files.length === 0) return fail(400, 'files: non-empty array expected');
			const created = [];
			for (const entry of files as Array<Record<string, unknown>>) {
				if (!UUID.test(String(entry.hash)) || typeof entry.name !== 'string') return fail(400, 'files[]: hash (uuid) and name expected');
				if (entry.directory !== undefined && !directoryExists(p, entry.directory)) return fail(400, `directory ${String(entry.directory)} not found`);
				const file = { ...entry, __id: newId(), directory: entry.directory ?? null, version: 1 };
				p.collection('diskFiles').set(file.__id, file);
				created.push(publicFile(file));
			}
			return ok({ files: created });
		})
		.route('POST', '/pub/v1/disk/uploads/from-link', (request, _params, p) => {
			const entries = bodyOf(request).links;
			if (!Array.isArray(entries) || entries.length === 0) return fail(400, 'links: non-empty array expected');
			const created = [];
			for (const entry of entries as Array<Record<string, unknown>>) {
				if (!/^https?:\/\//.test(String(entry.url))) return fail(400, 'links[].url: http(s) URL expected');
				const name = String(entry.name ?? new URL(String(entry.url)).pathname.split('/').pop() ?? 'file');
				const file = { __id: newId(), name, url: entry.url, directory: entry.directory ?? null, version: 1 };
				p.collection('diskFiles').set(file.__id, file);
				created.push(file);
			}
			return ok({ files: created });
		})
		.route('POST', '/pub/v1/disk/file/move', (request, _params, p) => {
			const { fileId, directoryId } = bodyOf(request);
			const file = p.collection('diskFiles').get(String(fileId));
			if (!file || file.deleted) return fail(404, `file ${String(fileId)} not found`);
			if (!directoryExists(p, directoryId)) return fail(404, `directory ${String(directoryId)} not found`);
			file.directory = directoryId;
			return ok({ file: publicFile(file) });
		})
		.route('PATCH', '/pub/v1/disk/files/deleted', (request, _params, p) => {
			const ids = bodyOf(request).ids;
			if (!Array.isArray(ids) || ids.length === 0) return fail(400, 'ids: non-empty array expected');
			const missing: string[] = [];
			for (const id of ids as string[]) {
				const file = p.collection('diskFiles').get(id);
				if (!file || file.deleted) missing.push(id);
				else file.deleted = true;
			}
			if (missing.length > 0) return { status: 422, body: { success: false, error: `files not found: ${missing.join(', ')}` } };
			return ok();
		})
		.route('POST', '/pub/v1/disk/directory', (request, _params, p) => {
			const body = bodyOf(request);
			if (typeof body.name !== 'string' || body.name === '') return fail(400, 'name: required');
			if (body.parent !== undefined && !directoryExists(p, body.parent)) return fail(400, `parent ${String(body.parent)} not found`);
			const item = { ...body, __id: newId() };
			p.collection('diskDirectories').set(item.__id, item);
			return ok({ item });
		})
		.route('GET', '/pub/v1/disk/directory/:id', (_request, { id }, p) => {
			const item = p.collection('diskDirectories').get(id);
			return item ? ok({ item }) : fail(404, `directory ${id} not found`);
		})
		.route('POST', '/pub/v1/disk/directory/list', (request, _params, p) =>
			page([...p.collection('diskDirectories').values()], bodyOf(request)),
		);
}
