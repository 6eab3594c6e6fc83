import type { Platform, RecordedRequest } from '../platform.ts';
import { fail, ok, page } from '../platform.ts';
import { dateTime, listBody, nonEmptyStr, num, obj, openObj, opt, str, uuid } from '../shapes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bodyOf(request: RecordedRequest): Record<string, unknown> {
	return request.body && typeof request.body === 'object'
		? (request.body as Record<string, unknown>)
		: {};
}

function isRange(wanted: unknown): wanted is { min?: unknown; max?: unknown } {
	return (
		wanted !== null &&
		typeof wanted === 'object' &&
		!Array.isArray(wanted) &&
		('min' in wanted || 'max' in wanted)
	);
}

/**
 * A table-filter condition: a date within a range `{min, max}` (either may be null), a list field
 * holding one of the wanted values, or a text field containing the text.
 */
function matches(value: unknown, wanted: unknown): boolean {
	if (isRange(wanted)) {
		const ms = Date.parse(String(value));
		if (wanted.min !== null && wanted.min !== undefined && !(ms >= Date.parse(String(wanted.min))))
			return false;
		return wanted.max === null || wanted.max === undefined || ms <= Date.parse(String(wanted.max));
	}
	const wants = Array.isArray(wanted) ? wanted : [wanted];
	if (Array.isArray(value)) return wants.some((entry) => value.includes(entry));
	return wants.some((entry) =>
		String(value ?? '')
			.toLowerCase()
			.includes(String(entry).toLowerCase()),
	);
}

type Task = Record<string, unknown>;

/** The user the API key acts as: `session.user.__id` in the double's data (none when unset). */
export function keyUser(platform: Platform): string | undefined {
	const id = platform.collection('session').get('user')?.__id;
	return typeof id === 'string' ? id : undefined;
}

function performs(task: Task, user: string | undefined): boolean {
	return user !== undefined && ((task.performers ?? []) as unknown[]).includes(user);
}

/** Whether the user performs, set or is listed among the task's participants. */
function participates(task: Task, user: string | undefined): boolean {
	return (
		performs(task, user) ||
		(user !== undefined && task.__createdBy === user) ||
		(user !== undefined && ((task.participants ?? []) as unknown[]).includes(user))
	);
}

/** One page of `tasks` for the list body: ids, table filter and sort applied, paged with from/size. */
function listTasks(tasks: Task[], body: Record<string, unknown>) {
	let rows = tasks;
	if (Array.isArray(body.ids))
		rows = rows.filter((task) => (body.ids as unknown[]).includes(task.__id));
	const tf = ((body.filter ?? {}) as { tf?: Record<string, unknown> }).tf ?? {};
	for (const [field, wanted] of Object.entries(tf))
		rows = rows.filter((task) => matches(task[field], wanted));
	for (const { field, ascending } of [
		...((body.sortExpressions ?? []) as Array<{ field: string; ascending: boolean }>),
	].reverse()) {
		rows.sort(
			(a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (ascending ? 1 : -1),
		);
	}
	return page(rows, body);
}

/** Where the paths of tasks list, get, exits and submit come from: no reference page, no client that ran on a company. */
const VENDOR_LIST =
	"the vendor's operation list (vendor-operations.md); no reference page found, no client that ran on a real company (inse91/elma_lib, schebotar/elma365-mcp) calls it; theYahia/elma365-mcp 2.0 calls it in mocked tests only (tests/tools.test.ts)";

/**
 * Tasks in `tasks`: {__id, __name, __createdAt, performers: [user], __createdBy, participants?:
 * [user], instanceId, state ('in_progress' | 'closed' | 'cancel'), exits: [{id, name}], startAt?,
 * dueDate?}. A completed task keeps `submitted: {exitId, context}`. The lists hold finished tasks
 * too, as the platform's task lists do (its own UI switches between Active and All); only a task
 * in progress can be submitted. The scoped lists (incoming, outgoing, participating) are those of
 * the key's user (`keyUser`).
 */
export function registerTasks(platform: Platform): void {
	const find = (p: Platform, id: string) =>
		UUID.test(id) ? p.collection('tasks').get(id) : undefined;
	const missing = (id: string) =>
		UUID.test(id) ? fail(404, `task ${id} not found`) : fail(400, 'id: invalid uuid');

	const listed = (p: Platform, request: RecordedRequest, keep: (task: Task) => boolean) =>
		listTasks([...p.collection('tasks').values()].filter(keep), bodyOf(request));
	const scoped = (operationId: string) => ({
		body: listBody({}, ['active', 'fields', 'statusCode', 'statusGroupId']),
		evidence: 'inferred' as const,
		source: `${operationId}: on the vendor's list; no reference page or client shows its body, taken as /tasks/list's`,
	});

	platform
		.route('POST', '/pub/v1/tasks/list', (request, _params, p) => listed(p, request, () => true), {
			body: listBody({}, ['active', 'fields', 'statusCode', 'statusGroupId']),
			evidence: 'inferred',
			source: `tasksList: ${VENDOR_LIST}; the body is the platform's documented list body (platform-facts.md, Lists and filters)`,
		})
		.route(
			'POST',
			'/pub/v1/tasks/list/income',
			(request, _params, p) => listed(p, request, (task) => performs(task, keyUser(p))),
			scoped('tasksListIncome'),
		)
		.route(
			'POST',
			'/pub/v1/tasks/list/outcome',
			(request, _params, p) =>
				listed(p, request, (task) => keyUser(p) !== undefined && task.__createdBy === keyUser(p)),
			scoped('tasksListOutcome'),
		)
		.route(
			'POST',
			'/pub/v1/tasks/list/participate',
			(request, _params, p) => listed(p, request, (task) => participates(task, keyUser(p))),
			scoped('tasksListParticipate'),
		)
		.route(
			'POST',
			'/pub/v1/tasks/list/of/:id',
			(request, { id }, p) =>
				UUID.test(id)
					? listed(p, request, (task) => performs(task, id))
					: fail(400, 'id: invalid uuid'),
			scoped('tasksListOfUser'),
		)
		.route(
			'GET',
			'/pub/v1/tasks/:id/get',
			(_request, { id }, p) => {
				const task = find(p, id);
				return task ? ok({ item: task }) : missing(id);
			},
			{ evidence: 'inferred', source: `tasksGet (GET only): ${VENDOR_LIST}; no body` },
		)
		.route(
			'GET',
			'/pub/v1/tasks/:id/exits',
			(_request, { id }, p) => {
				const task = find(p, id);
				return task ? ok({ exits: task.exits ?? [] }) : missing(id);
			},
			{ evidence: 'inferred', source: `tasksExits: ${VENDOR_LIST}; no body` },
		)
		.route(
			'PUT',
			'/pub/v1/tasks/:id/submit',
			(request, { id }, p) => {
				const task = find(p, id);
				if (!task) return missing(id);
				if (task.state !== 'in_progress') return fail(400, `task ${id} is already completed`);
				const { exitId, instanceId, context } = bodyOf(request);
				if (instanceId !== undefined && instanceId !== task.instanceId)
					return fail(
						400,
						`instanceId: task ${id} does not belong to process instance ${String(instanceId)}`,
					);
				const exits = (task.exits ?? []) as Array<{ id: string }>;
				if (!exits.some((exit) => exit.id === exitId))
					return fail(400, `exitId: the task has no exit "${String(exitId)}"`);
				task.state = 'closed';
				task.submitted = { exitId, context };
				return ok();
			},
			{
				// With or without instanceId: the vendor's pages show no submit body; theYahia/elma365-mcp 2.0
				// sends {exitId, instanceId, context} (its tests only), and clients before it sent none.
				body: obj({ exitId: nonEmptyStr, instanceId: opt(uuid), context: openObj() }),
				evidence: 'inferred',
				source: `tasksSubmit: ${VENDOR_LIST}; the body {exitId, instanceId?, context}: instanceId as the documented tasksreassign and taskschangepercent bodies name it and theYahia/elma365-mcp 2.0 sends it (tests/tools.test.ts, mock only), exitId and context inferred`,
			},
		)
		.route(
			'POST',
			'/pub/v1/tasks/:id/reassign',
			(request, { id }, p) => {
				const task = find(p, id);
				if (!task) return missing(id);
				const { userId, instanceId, comment } = bodyOf(request);
				if (instanceId !== task.instanceId)
					return fail(
						400,
						`instanceId: task ${id} does not belong to process instance ${String(instanceId)}`,
					);
				if (!p.collection('users').has(userId as string))
					return fail(400, `userId: user ${String(userId)} not found`);
				task.performers = [userId];
				if (comment !== undefined) task.reassignComment = comment;
				return ok();
			},
			{
				body: obj({ userId: uuid, instanceId: uuid, comment: opt(str) }),
				evidence: 'documented',
				source: 'api.brix365.com/en/public-api/reference/tasks/tasksreassign',
			},
		)
		.route(
			'POST',
			'/pub/v1/tasks/:id/dates',
			(request, { id }, p) => {
				const task = find(p, id);
				if (!task) return missing(id);
				Object.assign(task, bodyOf(request));
				return ok();
			},
			{
				body: obj({ startAt: opt(dateTime), dueDate: opt(dateTime) }),
				evidence: 'inferred',
				source:
					'tasksChangeDates: no reference page or client shows its body; the keys follow the task model (startAt, dueDate)',
			},
		)
		.route(
			'POST',
			'/pub/v1/tasks/:id/percent',
			(request, { id }, p) => {
				const task = find(p, id);
				if (!task) return missing(id);
				const { percent, instanceId, comment } = bodyOf(request);
				if ((percent as number) < 0 || (percent as number) > 100)
					return fail(400, 'percent: must be from 0 to 100');
				if (instanceId !== task.instanceId)
					return fail(
						400,
						`instanceId: task ${id} does not belong to process instance ${String(instanceId)}`,
					);
				task.percent = percent;
				if (comment !== undefined) task.percentComment = comment;
				return ok();
			},
			{
				body: obj({ percent: num, instanceId: uuid, comment: opt(str) }),
				evidence: 'documented',
				source: 'api.brix365.com/en/public-api/reference/tasks/taskschangepercent',
			},
		);
}
