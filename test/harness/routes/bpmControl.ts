import type { Platform, RecordedRequest } from '../platform.ts';
import { fail, ok } from '../platform.ts';
import { arr, obj, opt, str, uuid } from '../shapes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Interrupting an instance of `processInstances` marks it interrupted and closes its open tasks. */
function interrupt(p: Platform, id: string, comment: unknown): void {
	const instance = p.collection('processInstances').get(id)!;
	instance.__state = 'interrupted';
	if (comment !== undefined) instance.interruptComment = comment;
	for (const task of p.collection('tasks').values()) {
		if (task.instanceId === id && task.state === 'in_progress') task.state = 'closed';
	}
}

function commentOf(request: RecordedRequest): unknown {
	return (request.body as Record<string, unknown> | undefined)?.comment;
}

/** Process control: interrupting one instance, or several at once (system administrators only). */
export function registerBpmControl(platform: Platform): void {
	platform
		.route(
			'POST',
			'/pub/v1/bpm/instance/:id/interrupt',
			(request, { id }, p) => {
				if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
				const instance = p.collection('processInstances').get(id);
				if (!instance) return fail(404, `process instance ${id} not found`);
				if (instance.__state === 'interrupted')
					return fail(400, `process instance ${id} is not running`);
				interrupt(p, id, commentOf(request));
				return ok();
			},
			{
				body: obj({ comment: opt(str) }),
				evidence: 'documented',
				source: 'api.brix365.com/en/public-api/reference/bpm/bpminstanceinterrupt',
			},
		)
		.route(
			'POST',
			'/pub/v1/bpm/instance/interrupt',
			(request, _params, p) => {
				const ids = (request.body as { instances: string[] }).instances;
				const unknown = ids.find((id) => !p.collection('processInstances').has(id));
				if (unknown) return fail(404, `process instance ${unknown} not found`);
				for (const id of ids) interrupt(p, id, commentOf(request));
				return ok();
			},
			{
				body: obj({ comment: opt(str), instances: arr(uuid, 1) }),
				evidence: 'documented',
				source: 'api.brix365.com/en/public-api/reference/bpm/bpminstancebulkinterrupt',
			},
		);
}
