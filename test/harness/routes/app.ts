import type { Platform, RecordedRequest, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MultipartPartParsed {
	name: string;
	fileName?: string;
	contentType?: string;
	headers: Record<string, string>;
	data: Buffer;
}

function dispositionParam(disposition: string, key: string): string | undefined {
	const match = new RegExp(`(?:^|;)\\s*${key}="([^"]*)"`, 'i').exec(disposition);
	return match ? match[1] : undefined;
}

/**
 * Parses a multipart/form-data body the way a server does: by the boundary of the Content-Type
 * header, keeping each part's bytes exactly as they arrived.
 */
export function parseMultipart(raw: Buffer, contentType: string | undefined): MultipartPartParsed[] {
	const boundaryMatch = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
	if (!/^multipart\/form-data/i.test(contentType ?? '') || !boundaryMatch) throw new Error('not multipart/form-data');
	const delimiter = Buffer.from(`--${boundaryMatch[1] ?? boundaryMatch[2].trim()}`);
	const parts: MultipartPartParsed[] = [];
	let position = raw.indexOf(delimiter);
	if (position !== 0) throw new Error('body does not start with the boundary');
	for (;;) {
		position += delimiter.length;
		if (raw.subarray(position, position + 2).toString() === '--') break;
		if (raw.subarray(position, position + 2).toString() !== '\r\n') throw new Error('bad delimiter line');
		position += 2;
		const headerEnd = raw.indexOf('\r\n\r\n', position);
		if (headerEnd < 0) throw new Error('part without header end');
		const headers: Record<string, string> = {};
		for (const line of raw.subarray(position, headerEnd).toString('utf8').split('\r\n')) {
			const colon = line.indexOf(':');
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
		}
		const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
		if (next < 0) throw new Error('part without closing boundary');
		const disposition = headers['content-disposition'] ?? '';
		parts.push({
			name: dispositionParam(disposition, 'name') ?? '',
			fileName: dispositionParam(disposition, 'filename'),
			contentType: headers['content-type'],
			headers,
			data: raw.subarray(headerEnd + 4, next),
		});
		position = next + 2;
	}
	return parts;
}

export const DEFAULT_STATUSES = {
	statusItems: [
		{ id: 1, name: 'New', code: 'new', groupId: 'f1d7c1a0-0000-4000-8000-000000000001' },
		{ id: 2, name: 'In progress', code: 'in_progress', groupId: 'f1d7c1a0-0000-4000-8000-000000000001' },
		{ id: 3, name: 'Done', code: 'done', groupId: 'f1d7c1a0-0000-4000-8000-000000000002' },
	],
	groupItems: [
		{ id: 'f1d7c1a0-0000-4000-8000-000000000001', code: 'open', name: 'Open' },
		{ id: 'f1d7c1a0-0000-4000-8000-000000000002', code: 'closed', name: 'Closed' },
	],
};

/** Collection of the items of one application (contract, report): `app:crm/deals`. */
export function itemsOf(platform: Platform, prefix: string, namespace: string, code: string) {
	return platform.collection(`${prefix}:${namespace}/${code}`);
}

function contextOf(request: RecordedRequest): Record<string, unknown> | string {
	const body = request.body as Record<string, unknown> | undefined;
	if (!body || typeof body !== 'object') return 'invalid request body';
	const context = body.context;
	if (!context || typeof context !== 'object' || Array.isArray(context)) return 'context: object expected';
	return context as Record<string, unknown>;
}

/** The list body the platform reads: ids, active and a `__name` table filter are honoured; then from/size. */
function listItems(platform: Platform, prefix: string, request: RecordedRequest, params: Record<string, string>): Reply {
	const body = (request.body ?? {}) as Record<string, unknown>;
	if (typeof body !== 'object') return fail(400, 'invalid request body');
	let items = [...itemsOf(platform, prefix, params.namespace, params.code).values()];
	if (body.active === true) items = items.filter((item) => !item.__deletedAt);
	if (Array.isArray(body.ids)) items = items.filter((item) => (body.ids as unknown[]).includes(item.__id));
	const tf = ((body.filter ?? {}) as Record<string, unknown>).tf as Record<string, unknown> | undefined;
	if (tf && typeof tf.__name === 'string') {
		const needle = tf.__name.toLowerCase();
		items = items.filter((item) => String(item.__name ?? '').toLowerCase().includes(needle));
	}
	return page(items, body);
}

function registerItems(platform: Platform, prefix: string, getMethods: string[]): void {
	const base = `/pub/v1/${prefix}/:namespace/:code`;
	platform
		.route('POST', `${base}/create`, (request, params, p) => {
			const context = contextOf(request);
			if (typeof context === 'string') return fail(400, context);
			const item = { ...context, __id: newId(), __createdAt: '2026-01-01T00:00:00Z' };
			itemsOf(p, prefix, params.namespace, params.code).set(item.__id, item);
			return ok({ item });
		})
		.route('POST', `${base}/list`, (request, params, p) => listItems(p, prefix, request, params))
		.route('POST', `${base}/:id/update`, (request, params, p) => {
			if (!UUID.test(params.id)) return fail(400, 'id: invalid uuid');
			const items = itemsOf(p, prefix, params.namespace, params.code);
			const existing = items.get(params.id);
			if (!existing) return fail(404, `item ${params.id} not found`);
			const context = contextOf(request);
			if (typeof context === 'string') return fail(400, context);
			const item = { ...existing, ...context, __id: params.id };
			items.set(params.id, item);
			return ok({ item });
		});
	for (const method of getMethods) {
		platform.route(method, `${base}/:id/get`, (_request, params, p) => {
			if (!UUID.test(params.id)) return fail(400, 'id: invalid uuid');
			const item = itemsOf(p, prefix, params.namespace, params.code).get(params.id);
			return item ? ok({ item }) : fail(404, `item ${params.id} not found`);
		});
	}
}

export function registerApp(platform: Platform): void {
	registerItems(platform, 'app', ['GET', 'POST']);
	registerItems(platform, 'contracts', ['GET']);
	platform
		.route('POST', '/pub/v1/reports/:namespace/:code/list', (request, params, p) => listItems(p, 'reports', request, params))
		.route('GET', '/pub/v1/app/list', (_request, _params, p) => {
			const apps = [...p.collection('apps').values()];
			return ok({ result: { result: apps, total: apps.length } });
		})
		.route('GET', '/pub/v1/app/:namespace/:code/settings/status', (_request, params, p) => {
			const settings = p.collection('appStatuses').get(`${params.namespace}/${params.code}`) ?? DEFAULT_STATUSES;
			return ok({ ...settings });
		})
		.route('POST', '/pub/v1/app/:namespace/:code/:id/set-status', (request, params, p) => {
			if (!UUID.test(params.id)) return fail(400, 'id: invalid uuid');
			const items = itemsOf(p, 'app', params.namespace, params.code);
			const existing = items.get(params.id);
			if (!existing) return fail(404, `item ${params.id} not found`);
			const status = ((request.body ?? {}) as Record<string, unknown>).status as Record<string, unknown> | undefined;
			const settings = (p.collection('appStatuses').get(`${params.namespace}/${params.code}`) ?? DEFAULT_STATUSES) as typeof DEFAULT_STATUSES;
			const found = settings.statusItems.find((candidate) => candidate.code === status?.code);
			if (!found) return fail(400, `status "${String(status?.code)}" not found`);
			const item = { ...existing, __status: { order: 0, status: found.id } };
			items.set(params.id, item);
			return ok({ item });
		})
		.route('POST', '/pub/v1/app/:namespace/:code/import', (request, params, p) => {
			let parts: MultipartPartParsed[];
			try {
				parts = parseMultipart(request.raw, request.headers['content-type']);
			} catch (error) {
				return fail(400, `multipart: ${(error as Error).message}`);
			}
			const file = parts.find((part) => part.name === 'file' && part.fileName !== undefined);
			if (!file) return fail(400, 'file: required');
			const record = {
				id: newId(),
				status: 'done',
				fileName: file.fileName,
				contentType: file.contentType,
				size: file.data.length,
			};
			p.collection('imports').set(`${params.namespace}/${params.code}`, record);
			return ok({ item: record });
		})
		.route('POST', '/pub/v1/app/:namespace/:code/import/status', (_request, params, p) => {
			const record = p.collection('imports').get(`${params.namespace}/${params.code}`);
			return record ? ok({ item: record }) : fail(404, 'no import found for this application');
		});
}
