import { createHash } from 'node:crypto';
import type { Platform, RecordedRequest, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import {
	arr,
	dateTime,
	listBody,
	nonEmptyStr,
	obj,
	openObj,
	opt,
	str,
	uint,
	uuid,
} from '../shapes.ts';
import { parseMultipart } from '../multipart.ts';
import type { MultipartPart } from '../multipart.ts';

const REFERENCE = 'api.elma365.com/en/public-api/reference/disk';

/** The largest `size` the file search takes ("Number of returned items (10000 max)"). */
export const SEARCH_SIZE_LIMIT = 10000;

/** Parts of a chunked upload, all but the last: the vendor's bounds (5 MB to 5 GB). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_SIZE = 5 * 1024 * 1024 * 1024;
/** Files up to this size keep their bytes in the double (tests compare them); larger ones keep a SHA-256 only. */
export const KEEP_BYTES_UP_TO = 64 * 1024 * 1024;

/** What the platform shows of a stored file (its bytes stay inside the double). */
export function publicFile(file: Record<string, unknown>): Record<string, unknown> {
	const { data: _data, mimeType: _mimeType, deleted: _deleted, sha256: _sha256, ...shown } = file;
	return shown;
}

function uniqueName(platform: Platform, name: string, directory: unknown): string {
	const taken = new Set(
		[...platform.collection('diskFiles').values()]
			.filter((f) => f.directory === directory && !f.deleted)
			.map((f) => f.name),
	);
	if (!taken.has(name)) return name;
	const dot = name.lastIndexOf('.');
	const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
	for (let n = 1; ; n++) {
		const candidate = `${stem} (${n})${extension}`;
		if (!taken.has(candidate)) return candidate;
	}
}

/**
 * A file body being uploaded or uploaded but not yet a file (temporary storage), by its hash.
 * Bytes are kept only for files up to KEEP_BYTES_UP_TO; every body keeps a running SHA-256.
 */
interface Body {
	hash: string;
	size: number;
	received: number;
	partSize?: number;
	sha: ReturnType<typeof createHash>;
	sha256?: string;
	chunks?: Buffer[];
	data?: Buffer;
	fileName?: string;
	mimeType?: string;
	complete: boolean;
	/** Whether a file was made of it (upload into a directory, move, initialization). */
	used: boolean;
}

export function diskBodies(platform: Platform): Map<string, Body> {
	return platform.collection('diskBodies') as unknown as Map<string, Body>;
}

/** Limits the disk to `bytes` (files and uploads started); an upload or move beyond it answers 402, as documented. */
export function setDiskQuota(platform: Platform, bytes: number | undefined): void {
	if (bytes === undefined) platform.collection('diskSettings').delete('quota');
	else platform.collection('diskSettings').set('quota', { bytes });
}

function diskFull(platform: Platform, adding: number): boolean {
	const quota = platform.collection('diskSettings').get('quota')?.bytes as number | undefined;
	if (quota === undefined) return false;
	const files = [...platform.collection('diskFiles').values()]
		.filter((f) => !f.deleted)
		.reduce((sum, f) => sum + Number(f.size ?? 0), 0);
	const pending = [...diskBodies(platform).values()]
		.filter((b) => !b.used)
		.reduce((sum, b) => sum + b.size, 0);
	return files + pending + adding > quota;
}

/** Content-Range as the vendor documents it: `bytes <start>-<end>/<size>`, the end EXCLUSIVE. */
function parseRange(value: unknown): { start: number; end: number; size: number } | undefined {
	const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(value ?? ''));
	if (!match) return undefined;
	const [start, end, size] = [Number(match[1]), Number(match[2]), Number(match[3])];
	return start < end && end <= size ? { start, end, size } : undefined;
}

function fileFromBody(
	platform: Platform,
	body: Body,
	name: string,
	directory: string | null,
	extra: Record<string, unknown> = {},
): Record<string, unknown> {
	const file: Record<string, unknown> = {
		__id: newId(),
		name: uniqueName(platform, name, directory),
		originalName: name,
		directory,
		size: body.size,
		version: 1,
		hash: body.hash,
		...extra,
		mimeType: body.mimeType,
		data: body.data,
		sha256: body.sha256,
	};
	body.used = true;
	platform.collection('diskFiles').set(file.__id as string, file);
	return file;
}

/**
 * The documented upload, whole or in parts: multipart field `file`, query `hash` (a client-made
 * uuid naming the body), `Content-Range: bytes <start>-<end>/<size>` with the end exclusive. Parts
 * come in order, all but the last of one size from 5 MB to 5 GB; each but the last answers 206,
 * the last 200 with the file (into a directory) or the body's hash (temporary storage).
 */
function upload(
	request: RecordedRequest,
	platform: Platform,
	directory: string | undefined,
): Reply {
	const hash = request.query.hash;
	let parts: MultipartPart[];
	try {
		parts = parseMultipart(request.raw, request.headers['content-type']);
	} catch (error) {
		return fail(400, `invalid multipart body: ${(error as Error).message}`);
	}
	const part = parts.find((p) => p.name === 'file' && p.fileName !== undefined);
	if (!part || parts.length !== 1)
		return fail(400, 'file: exactly one multipart field "file" with a file name expected');
	const range = parseRange(request.headers['content-range']);
	if (!range)
		return fail(
			400,
			`Content-Range: "bytes <start>-<end>/<size>" (end exclusive) expected, got "${String(request.headers['content-range'])}"`,
		);
	if (range.end - range.start !== part.data.length) {
		return fail(
			400,
			`Content-Range: the range covers ${range.end - range.start} bytes but the part has ${part.data.length} (the end is exclusive: a whole file of ${part.data.length} bytes is "bytes 0-${part.data.length}/${part.data.length}")`,
		);
	}
	const bodies = diskBodies(platform);
	let body = bodies.get(hash);
	if (range.start === 0) {
		if (body) return fail(400, `hash ${hash}: an upload with this hash was already started`);
		if (diskFull(platform, range.size)) return fail(402, 'Not enough disk space');
		body = {
			hash,
			size: range.size,
			received: 0,
			sha: createHash('sha256'),
			chunks: range.size <= KEEP_BYTES_UP_TO ? [] : undefined,
			complete: false,
			used: false,
		};
		bodies.set(hash, body);
	} else if (!body || body.complete) {
		return fail(400, `NoSuchUpload: no upload in progress for hash ${hash}`);
	} else if (range.start !== body.received || range.size !== body.size) {
		return fail(
			400,
			`InvalidPartOrder: expected the part starting at ${body.received} of ${body.size} bytes, got ${range.start}-${range.end}/${range.size}`,
		);
	}
	const last = range.end === range.size;
	if (!last) {
		if (part.data.length < MIN_PART_SIZE)
			return fail(
				400,
				`EntityTooSmall: a part other than the last must be at least ${MIN_PART_SIZE} bytes, got ${part.data.length}`,
			);
		if (part.data.length > MAX_PART_SIZE)
			return fail(400, `EntityTooLarge: a part must be at most ${MAX_PART_SIZE} bytes`);
		if (body.partSize !== undefined && part.data.length !== body.partSize)
			return fail(
				400,
				`InvalidPart: all parts but the last must have the same size (${body.partSize})`,
			);
		body.partSize = part.data.length;
	} else if (body.partSize !== undefined && part.data.length > body.partSize) {
		return fail(400, `InvalidPart: the last part is larger than the others (${body.partSize})`);
	}
	body.sha.update(part.data);
	body.chunks?.push(Buffer.from(part.data));
	body.received = range.end;
	body.fileName = part.fileName;
	body.mimeType = part.contentType;
	if (!last) return { status: 206, body: { success: true, error: '' } };

	body.complete = true;
	body.sha256 = body.sha.digest('hex');
	if (body.chunks) body.data = Buffer.concat(body.chunks);
	body.chunks = undefined;
	if (directory === undefined) return ok({ hash });
	return ok({ file: publicFile(fileFromBody(platform, body, part.fileName as string, directory)) });
}

function bodyOf(request: RecordedRequest): Record<string, unknown> {
	return request.body && typeof request.body === 'object'
		? (request.body as Record<string, unknown>)
		: {};
}

function liveFile(platform: Platform, id: string): Record<string, unknown> | undefined {
	const file = platform.collection('diskFiles').get(id);
	return file && !file.deleted ? file : undefined;
}

function byHash(platform: Platform, hash: string): Record<string, unknown> | undefined {
	return [...platform.collection('diskFiles').values()].find((f) => f.hash === hash && !f.deleted);
}

function directoryExists(platform: Platform, id: unknown): boolean {
	return typeof id === 'string' && platform.collection('diskDirectories').has(id);
}

/**
 * A bulk answer as documented: `items[]` in the order of the request, each with its own `error`
 * when it failed; 422 when some entry failed, 200 otherwise.
 */
function bulkAnswer(items: Array<Record<string, unknown>>): Reply {
	const failed = items.filter((item) => item.error !== undefined).length;
	if (failed === 0) return ok({ items });
	return {
		status: 422,
		body: { success: false, error: `${failed} of ${items.length} entries failed`, items },
	};
}

function links(request: RecordedRequest, platform: Platform, kind: 'upload' | 'download'): Reply {
	const hashes = bodyOf(request).hashesList as string[];
	return bulkAnswer(
		hashes.map((hash) => {
			if (kind === 'download') {
				const file = byHash(platform, hash);
				return file
					? { hash, link: `${platform.url}/pub/v1/disk/download/${file.__id as string}` }
					: { hash, error: 'file not found' };
			}
			if (diskBodies(platform).has(hash) || byHash(platform, hash))
				return { hash, error: 'hash already used' };
			return { hash, link: `${platform.url}/pub/v1/disk/upload-by-link/${hash}` };
		}),
	);
}

/** A complete body in temporary storage (what a temporary upload or an upload from a link leaves), for tests and seeds. */
export function seedBody(
	platform: Platform,
	data: Buffer,
	fileName: string,
	hash = newId(),
): string {
	diskBodies(platform).set(hash, {
		hash,
		size: data.length,
		received: data.length,
		sha: createHash('sha256'),
		sha256: createHash('sha256').update(data).digest('hex'),
		data,
		fileName,
		complete: true,
		used: false,
	});
	return hash;
}

/** Has the double "download" a link: a host under `.invalid` fails (per entry), any other http(s) link works. */
function fetchLink(platform: Platform, link: string): Record<string, unknown> {
	let url: URL;
	try {
		url = new URL(link);
	} catch {
		return { error: `invalid link: ${link}` };
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		return { error: `unsupported link: ${link}` };
	if (url.hostname.endsWith('.invalid')) return { error: `could not download ${link}` };
	const fileName = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? 'file');
	return { hash: seedBody(platform, Buffer.from(`downloaded from ${link}`), fileName) };
}

/** A temporary body (uploaded, not yet a file) by hash, or why it cannot be made a file. */
function temporaryBody(platform: Platform, hash: unknown): Body | string {
	const body = typeof hash === 'string' ? diskBodies(platform).get(hash) : undefined;
	if (!body || !body.complete) return `file body ${String(hash)} not found`;
	if (body.used) return `file body ${String(hash)} is already a file`;
	return body;
}

/** A date range of the file search: `{min, max}`, both inclusive, either optional. */
const dateRange = obj({ max: opt(dateTime), min: opt(dateTime) });

/** Whether a file's date lies in a `{min, max}` range of the search (a file without the date does not). */
function inRange(value: unknown, range: unknown): boolean {
	if (range === undefined) return true;
	if (typeof value !== 'string') return false;
	const { min, max } = range as { min?: string; max?: string };
	const at = Date.parse(value);
	return (
		(min === undefined || at >= Date.parse(min)) && (max === undefined || at <= Date.parse(max))
	);
}

/** The stored files a search filter selects, as the reference page describes each condition. */
function searchFiles(
	platform: Platform,
	filter: Record<string, unknown>,
): Array<Record<string, unknown>> {
	const name = typeof filter.__name === 'string' ? filter.__name.toLowerCase() : undefined;
	return [...platform.collection('diskFiles').values()].filter(
		(file) =>
			!file.deleted &&
			(name === undefined ||
				String(file.__name ?? file.name ?? '')
					.toLowerCase()
					.includes(name)) &&
			(filter.directory === undefined || file.directory === filter.directory) &&
			(filter.__createdBy === undefined || file.__createdBy === filter.__createdBy) &&
			(filter.__changedBy === undefined || file.__updatedBy === filter.__changedBy) &&
			inRange(file.__createdAt, filter.__createdAt) &&
			inRange(file.__updatedAt, filter.__updatedAt),
	);
}

export function registerDisk(platform: Platform): void {
	const hashQuery = obj({ hash: uuid });
	platform
		.route(
			'POST',
			'/pub/v1/disk/file/upload',
			(request, _params, p) => upload(request, p, undefined),
			{
				query: hashQuery,
				raw: true,
				evidence: 'documented',
				source: `${REFERENCE}/uploadpart`,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/directory/:id/upload',
			(request, { id }, p) => {
				if (!directoryExists(p, id)) return fail(404, `directory ${id} not found`);
				return upload(request, p, id);
			},
			{
				query: hashQuery,
				raw: true,
				evidence: 'documented',
				source: `${REFERENCE}/uploadtodirectory`,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/file/:id/get-link',
			(_request, { id }, p) => {
				const file = liveFile(p, id);
				if (!file) return fail(404, `file ${id} not found`);
				return {
					status: 200,
					body: { success: true, Link: `${p.url}/pub/v1/disk/download/${id}` },
				};
			},
			{
				evidence: 'client',
				source: 'elma365.com/en/help/360004962211.html; inse91/elma_lib file.go (answer "Link")',
			},
		)
		.route(
			'GET',
			'/pub/v1/disk/download/:id',
			(_request, { id }, p) => {
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
			},
			{
				evidence: 'inferred',
				source: "the link get-link gives; its form is the platform's own",
				link: true,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/links/upload',
			(request, _params, p) => links(request, p, 'upload'),
			{
				body: obj({ hashesList: arr(uuid, 1) }),
				evidence: 'documented',
				source: `${REFERENCE}/uploadlinks`,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/links/download',
			(request, _params, p) => links(request, p, 'download'),
			{
				body: obj({ hashesList: arr(uuid, 1) }),
				evidence: 'documented',
				source: `${REFERENCE}/downloadlinks`,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/files',
			(request, _params, p) => {
				const files = bodyOf(request).files as Array<Record<string, unknown>>;
				return bulkAnswer(
					files.map((entry) => {
						if (!directoryExists(p, entry.directory))
							return { error: `directory ${String(entry.directory)} not found` };
						const body = temporaryBody(p, entry.hash);
						if (typeof body === 'string') return { error: body };
						const extra = entry.comment === undefined ? {} : { comment: entry.comment };
						return {
							file: publicFile(
								fileFromBody(p, body, entry.name as string, entry.directory as string, extra),
							),
						};
					}),
				);
			},
			{
				body: obj({
					files: arr(obj({ hash: uuid, name: nonEmptyStr, directory: uuid, comment: opt(str) }), 1),
				}),
				evidence: 'documented',
				source: `${REFERENCE}/persistfiles`,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/uploads/from-link',
			(request, _params, p) => {
				const downloadLinks = bodyOf(request).downloadLinks as string[];
				return bulkAnswer(downloadLinks.map((link) => fetchLink(p, link)));
			},
			{
				body: obj({ downloadLinks: arr(nonEmptyStr, 1) }),
				evidence: 'documented',
				source: `${REFERENCE}/uploadfromlinks`,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/file/move',
			(request, _params, p) => {
				const directoryID = request.query.directoryID;
				if (!directoryExists(p, directoryID))
					return fail(404, `directory ${directoryID} not found`);
				const moved: Array<Record<string, unknown>> = [];
				for (const entry of bodyOf(request).files as Array<Record<string, unknown>>) {
					const hash = entry.hash as string | undefined;
					if (hash === undefined)
						return fail(400, 'files[].hash: required to say which file to move');
					// An initialised file (by its ID or its body's hash) moves; an uploaded body becomes a file there.
					const file = liveFile(p, hash) ?? byHash(p, hash);
					if (file) {
						file.directory = directoryID;
						if (typeof entry.name === 'string' && entry.name !== '')
							file.name = uniqueName(p, entry.name, directoryID);
						moved.push(publicFile(file));
						continue;
					}
					const body = temporaryBody(p, hash);
					if (typeof body === 'string') return fail(404, body);
					const name =
						typeof entry.name === 'string' && entry.name !== ''
							? entry.name
							: (body.fileName ?? 'file');
					moved.push(publicFile(fileFromBody(p, body, name, directoryID)));
				}
				return ok(moved.length === 1 ? { file: moved[0] } : { files: moved });
			},
			{
				query: obj({ directoryID: uuid }),
				body: obj({ files: arr(obj({ hash: opt(uuid), name: opt(str) }), 1) }),
				evidence: 'documented',
				source: `${REFERENCE}/persistormovefiletodirectory`,
			},
		)
		.route(
			'GET',
			'/pub/v1/disk/file/:id',
			(_request, { id }, p) => {
				const file = liveFile(p, id);
				return file ? ok({ file: publicFile(file) }) : fail(404, `file ${id} not found`);
			},
			{
				evidence: 'documented',
				source:
					'api.brix365.com/en/public-api/resources/response-model-for-file-request-by-id-retrieving-file-information-by-id',
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/files/search',
			(request, _params, p) => {
				const body = bodyOf(request);
				if (Number(body.size ?? 0) > SEARCH_SIZE_LIMIT)
					return fail(400, `size: must be no greater than ${SEARCH_SIZE_LIMIT}`);
				const filter = (body.filter ?? {}) as Record<string, unknown>;
				return page(searchFiles(p, filter).map(publicFile), body);
			},
			{
				body: obj({
					filter: opt(
						obj({
							__changedBy: opt(uuid),
							__createdAt: opt(dateRange),
							__createdBy: opt(uuid),
							__name: opt(str),
							__updatedAt: opt(dateRange),
							directory: opt(uuid),
						}),
					),
					from: opt(uint),
					size: opt(uint),
				}),
				evidence: 'documented',
				source:
					"api.brix365.com/en/public-api/reference/disk/searchfiles (the answer's model is not shown there: the double answers the other disk lists' shape)",
			},
		)
		.route(
			'PATCH',
			'/pub/v1/disk/files/deleted',
			(request, _params, p) => {
				const fileIds = bodyOf(request).fileIds as string[];
				return bulkAnswer(
					fileIds.map((id) => {
						const file = liveFile(p, id);
						if (!file) return { id, error: 'file not found' };
						file.deleted = true;
						return { id };
					}),
				);
			},
			{
				body: obj({ fileIds: arr(uuid, 1) }),
				evidence: 'documented',
				source: `${REFERENCE}/deletefiles`,
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/directory',
			(request, _params, p) => {
				const body = bodyOf(request);
				if (body.directory !== undefined && !directoryExists(p, body.directory))
					return fail(400, `directory ${String(body.directory)} not found`);
				const item = { ...body, __id: newId() };
				p.collection('diskDirectories').set(item.__id, item);
				return ok({ item });
			},
			{
				// Open: with no reference page, the node's JSON escape hatch must be able to add what a version wants.
				body: openObj({ __name: nonEmptyStr, directory: opt(uuid) }),
				evidence: 'inferred',
				source:
					'directoryCreate: on the vendor list; no reference page, client (inse91/elma_lib, schebotar/elma365-mcp) or help page shows its body; the keys are those of the documented directory model (api.elma365.com/en/public-api/resources/response-model-for-requesting-a-directory-by-id-get-information-about-a-directory-by-id): "__name" the name, "directory" the parent',
			},
		)
		.route(
			'GET',
			'/pub/v1/disk/directory/:id',
			(_request, { id }, p) => {
				const directory = p.collection('diskDirectories').get(id);
				return directory ? ok({ directory }) : fail(404, `directory ${id} not found`);
			},
			{
				evidence: 'documented',
				source:
					'api.elma365.com/en/public-api/resources/response-model-for-requesting-a-directory-by-id-get-information-about-a-directory-by-id',
			},
		)
		.route(
			'POST',
			'/pub/v1/disk/directory/list',
			(request, _params, p) => {
				const body = bodyOf(request);
				let directories = [...p.collection('diskDirectories').values()];
				if (Array.isArray(body.ids))
					directories = directories.filter((d) => (body.ids as unknown[]).includes(d.__id));
				return page(directories, body);
			},
			{
				body: listBody({}, ['fields', 'statusCode', 'statusGroupId']),
				evidence: 'documented',
				source: `${REFERENCE}/directorylist`,
			},
		);
}
