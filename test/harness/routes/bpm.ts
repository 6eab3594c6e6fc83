import type { Platform, RecordedRequest } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bodyOf(request: RecordedRequest): Record<string, unknown> {
	return request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
}

/**
 * Business processes: templates in `processTemplates` ({__id, namespace, code}), instances in
 * `processInstances` ({__id, __templateId, __target?, context}).
 */
export function registerBpm(platform: Platform): void {
	platform
		.route('POST', '/pub/v1/bpm/template/:namespace/:code/run', (request, { namespace, code }, p) => {
			const template = [...p.collection('processTemplates').values()].find(
				(entry) => entry.namespace === namespace && entry.code === code,
			);
			if (!template) return fail(404, `process template ${namespace}/${code} not found`);
			const context = bodyOf(request).context;
			if (!context || typeof context !== 'object' || Array.isArray(context)) return fail(400, 'context: object expected');
			const __id = newId();
			const started = { ...(context as object), __id };
			p.collection('processInstances').set(__id, { __id, __templateId: template.__id, context: started });
			return ok({ context: started });
		})
		.route('POST', '/pub/v1/bpm/instance/bytemplateid/:id/list', (request, { id }, p) => {
			if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
			const found = [...p.collection('processInstances').values()].filter((entry) => entry.__templateId === id);
			return page(found, bodyOf(request));
		})
		.route('POST', '/pub/v1/bpm/instance/bytarget/list', (request, _params, p) => {
			const body = bodyOf(request);
			if (typeof body.targetId !== 'string' || !UUID.test(body.targetId)) return fail(400, 'targetId: invalid uuid');
			const found = [...p.collection('processInstances').values()].filter((entry) => entry.__target === body.targetId);
			return page(found, body);
		})
		.route('POST', '/pub/v1/bpm/instance/:id/get', (_request, { id }, p) => {
			if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
			const item = p.collection('processInstances').get(id);
			return item ? ok({ item }) : fail(404, `process instance ${id} not found`);
		});
}
