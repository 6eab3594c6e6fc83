import type { Platform, RecordedRequest } from '../platform.ts';
import { fail, ok } from '../platform.ts';
import { arr, bool, obj, openObj, opt, str, uuid } from '../shapes.ts';
import type { Reply } from '../platform.ts';

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

type Entry = Record<string, unknown>;

const REFERENCE = 'api.brix365.com/en/public-api/reference/bpm';

/** The instance `id` when it exists and is not interrupted, else the platform's refusal. */
function runningInstance(p: Platform, id: string): { instance: Entry } | { refusal: Reply } {
	if (!UUID.test(id)) return { refusal: fail(400, 'id: invalid uuid') };
	const instance = p.collection('processInstances').get(id);
	if (!instance) return { refusal: fail(404, `process instance ${id} not found`) };
	if (instance.__state === 'interrupted')
		return { refusal: fail(400, `process instance ${id} is not running`) };
	return { instance };
}

/** Counts a step action on an instance (`stepsSkipped`, `stepsRestarted`). */
function count(instance: Entry, key: string): void {
	instance[key] = ((instance[key] as number | undefined) ?? 0) + 1;
}

/** A step action on one instance: skip or restart its current step, or move it to the latest version. */
function oneInstance(key: string) {
	return (_request: RecordedRequest, { id }: Record<string, string>, p: Platform): Reply => {
		const found = runningInstance(p, id);
		if ('refusal' in found) return found.refusal;
		count(found.instance, key);
		return ok();
	};
}

/** The same step action on every instance of `instances`; an unknown or stopped one refuses them all. */
function manyInstances(key: string) {
	return (request: RecordedRequest, _params: Record<string, string>, p: Platform): Reply => {
		const ids = (request.body as { instances: string[] }).instances;
		const found = ids.map((id) => runningInstance(p, id));
		for (const each of found) if ('refusal' in each) return each.refusal;
		for (const each of found) if ('instance' in each) count(each.instance, key);
		return ok();
	};
}

/** Moves the instances of a template to its latest version: the listed ones, or all active but the excepted. */
function moveTemplateInstances(
	request: RecordedRequest,
	{ namespace, code }: Record<string, string>,
	p: Platform,
): Reply {
	const template = [...p.collection('processTemplates').values()].find(
		(entry) => entry.namespace === namespace && entry.code === code,
	);
	if (!template) return fail(404, `process template ${namespace}/${code} not found`);
	const body = request.body as {
		instanceIds?: string[];
		unselectedIds?: string[];
		updateAllActive?: boolean;
	};
	if (!body.updateAllActive && !body.instanceIds?.length)
		return fail(400, 'instanceIds or updateAllActive is required');
	const moved = [...p.collection('processInstances').values()].filter(
		(instance) =>
			instance.__templateId === template.__id &&
			instance.__state !== 'interrupted' &&
			(body.updateAllActive
				? !(body.unselectedIds ?? []).includes(instance.__id as string)
				: body.instanceIds!.includes(instance.__id as string)),
	);
	for (const instance of moved) count(instance, 'versionUpdates');
	return ok();
}

/**
 * Process control: interrupting one instance or several at once (system administrators only),
 * changing an instance's context, skipping or restarting its current step (one or many), moving
 * instances to the latest template version, and restoring from a restore point (`restorePoints`:
 * {__id, instanceId}). Step actions count on the instance (`stepsSkipped`, `stepsRestarted`,
 * `versionUpdates`).
 */
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
		)
		.route(
			'PUT',
			'/pub/v1/bpm/instance/:id/context',
			(request, { id }, p) => {
				const found = runningInstance(p, id);
				if ('refusal' in found) return found.refusal;
				const { comment, context } = request.body as { comment: string; context: Entry };
				Object.assign(found.instance, context, { contextComment: comment });
				return ok();
			},
			{
				body: obj({ comment: str, context: openObj() }),
				evidence: 'documented',
				source: `${REFERENCE}/bpminstancecontext`,
			},
		)
		.route('POST', '/pub/v1/bpm/instance/:id/skip-step', oneInstance('stepsSkipped'), {
			body: obj({}),
			evidence: 'client',
			source:
				'schebotar/elma365-mcp src/tools/processes.ts (skip_process_instance_step) sends POST bpm/instance/{id}/skip-step with {}; bpmInstanceSkipStep on the vendor list, no reference page found',
		})
		.route('POST', '/pub/v1/bpm/instance/:id/restart-step', oneInstance('stepsRestarted'), {
			body: obj({}),
			evidence: 'inferred',
			source:
				'bpmInstanceRestartStep: on the vendor list; no reference page shows a body, an empty object is sent',
		})
		.route('POST', '/pub/v1/bpm/instance/:id/version', oneInstance('versionUpdates'), {
			body: obj({}),
			evidence: 'inferred',
			source:
				'bpmInstanceUpdate: on the vendor list; no reference page shows a body, an empty object is sent (the bulk page moves to the latest version without naming one)',
		})
		.route('POST', '/pub/v1/bpm/instance/skip-step', manyInstances('stepsSkipped'), {
			body: obj({ instances: arr(uuid, 1) }),
			evidence: 'inferred',
			source:
				'bpmInstanceBulkSkipStep: on the vendor list; the key "instances" is taken from the documented bulk interrupt (bpm/bpminstancebulkinterrupt)',
		})
		.route('POST', '/pub/v1/bpm/instance/restart-step', manyInstances('stepsRestarted'), {
			body: obj({ instances: arr(uuid, 1) }),
			evidence: 'inferred',
			source:
				'bpmInstanceBulkRestartStep: on the vendor list; the key "instances" is taken from the documented bulk interrupt (bpm/bpminstancebulkinterrupt)',
		})
		.route(
			'POST',
			'/pub/v1/bpm/instance/bytemplate/:namespace/:code/version',
			moveTemplateInstances,
			{
				body: obj({
					instanceIds: opt(arr(uuid)),
					unselectedIds: opt(arr(uuid)),
					updateAllActive: opt(bool),
				}),
				evidence: 'documented',
				source: `${REFERENCE}/bpminstancebulkupdate`,
			},
		)
		.route(
			'POST',
			'/pub/v1/bpm/restore-point/:id/restore',
			(request, { id }, p) => {
				if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
				const point = p.collection('restorePoints').get(id);
				if (!point) return fail(404, `restore point ${id} not found`);
				const instance = p.collection('processInstances').get(point.instanceId as string);
				const { context } = (request.body ?? {}) as { context?: Entry };
				if (instance) Object.assign(instance, context, { __state: 'exec', restoredFrom: id });
				return ok();
			},
			{
				body: obj({ context: opt(openObj()) }),
				evidence: 'inferred',
				source:
					'bpmRestorePointRestore: on the vendor list, no reference page found; the vendor help "delegated-activities" (brix365.com/en/help/platform/delegated-activities.html) says "The updated activity context is passed in the request body" without naming a key: "context" is inferred from the same page\'s Result schema {"context": {...}}; nothing else is described',
			},
		);
}
