import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const run = (
	parameters: Record<string, unknown>,
	extra: {
		input?: Array<{ json: Record<string, unknown> }>;
		continueOnFail?: boolean;
	} = {},
) => t.run({ nodeType: 'elma365Task', parameters: { resource: 'task', ...parameters }, ...extra });
/** A request straight to the double, outside the node: what the platform answers to it. */
const sendRaw = (method: string, path: string) =>
	fetch(`${t.platform.url}/pub/v1${path}`, {
		method,
		headers: { authorization: `Bearer ${t.platform.apiKey}`, 'content-type': 'application/json' },
		body: method === 'GET' ? undefined : '{}',
	});

const alice = newId();
const bob = newId();
const instance = newId();
const exits = [
	{ id: 'approve', name: 'Approve' },
	{ id: 'reject', name: 'Reject' },
];
let tasks: Array<Record<string, unknown>>;

beforeEach(() => {
	t.platform.collection('users').clear();
	t.platform
		.collection('users')
		.set(alice, { __id: alice, __name: 'Alice Smith', email: 'alice@example.com' });
	t.platform
		.collection('users')
		.set(bob, { __id: bob, __name: 'Bob Jones', email: 'bob@example.com' });
	t.platform.collection('session').set('user', { __id: alice });
	t.platform.collection('tasks').clear();
	tasks = [
		{
			__id: newId(),
			__name: 'Approve invoice 17',
			performers: [alice],
			__createdBy: bob,
			instanceId: instance,
			state: 'in_progress',
			exits,
		},
		{
			__id: newId(),
			__name: 'Check contract',
			performers: [bob],
			__createdBy: alice,
			instanceId: instance,
			state: 'in_progress',
			exits,
		},
		{
			__id: newId(),
			__name: 'Approve invoice 18',
			performers: [alice, bob],
			__createdBy: bob,
			instanceId: instance,
			state: 'in_progress',
			exits,
		},
	];
	for (const task of tasks) t.platform.collection('tasks').set(task.__id as string, task);
});

const taskAt = (index: number) => tasks[index].__id as string;

describe('Get Many', () => {
	test('all visible tasks: POST /tasks/list with the list body, paged with from/size', async () => {
		const { items, error } = await run({ operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([
			['POST', '/pub/v1/tasks/list', {}, { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(t.platform.requests[0].headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		expect(jsonOf(items)).toEqual(tasks);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	test.each([
		['income', [0, 2]],
		['outcome', [1]],
		['participate', [0, 1, 2, 3]],
	])(
		"%s: the key's user's published list, POST /tasks/list/%s with the list body",
		async (scope, expected) => {
			tasks.push({
				__id: newId(),
				__name: 'Review minutes',
				performers: [bob],
				__createdBy: bob,
				participants: [alice],
				instanceId: instance,
				state: 'in_progress',
				exits,
			});
			t.platform.collection('tasks').set(tasks[3].__id as string, tasks[3]);
			const { items, error } = await run({ operation: 'getAll', scope, returnAll: true });
			expect(error).toBeUndefined();
			expect(t.wire()).toEqual([
				['POST', `/pub/v1/tasks/list/${scope}`, {}, { from: 0, size: MAX_PAGE_SIZE }],
			]);
			expect(jsonOf(items)).toEqual(expected.map((index) => tasks[index]));
		},
	);

	test("Of a User: POST /tasks/list/of/{id}, beside the Options' own conditions; Limit pages the body", async () => {
		const { items } = await run({
			operation: 'getAll',
			scope: 'performer',
			userId: picked(bob),
			limit: 5,
			options: { tableFilter: { match: [{ field: '__name', value: 'invoice' }] } },
		});
		expect(t.wire()).toEqual([
			[
				'POST',
				`/pub/v1/tasks/list/of/${bob}`,
				{},
				{ filter: { tf: { __name: 'invoice' } }, from: 0, size: 5 },
			],
		]);
		expect(jsonOf(items)).toEqual([tasks[2]]);
	});

	test('Of a User typed by ID reads the same published list; its user is checked before any request', async () => {
		const { items } = await run({
			operation: 'getAll',
			scope: 'performer',
			userId: picked(alice, 'id'),
			returnAll: true,
		});
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/tasks/list/of/${alice}`, {}, { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(jsonOf(items)).toEqual([tasks[0], tasks[2]]);

		t.platform.reset();
		// An expression passes the editor's check; the node checks what it gives.
		const bad = await run({
			operation: 'getAll',
			scope: 'performer',
			userId: picked('={{ "nobody" }}', 'id'),
		});
		expect(bad.error?.message).toMatch(/Invalid "User" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a Tasks value the node does not offer (from an expression) is refused before any request', async () => {
		const { error } = await run({
			operation: 'getAll',
			scope: '={{ "mine" }}',
			userId: picked(alice, 'id'),
			returnAll: true,
		});
		expect(error?.message).toBe(
			'Invalid "Tasks" in item 0: expected one of "all", "income", "outcome", "participate", "performer", got "mine"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	describe('State', () => {
		/** Alice's finished tasks beside the three open ones: the platform's lists hold them too. */
		const finish = () => {
			const closed = {
				__id: newId(),
				__name: 'Approve invoice 16',
				performers: [alice],
				__createdBy: bob,
				instanceId: instance,
				state: 'closed',
				exits,
			};
			const cancelled = { ...closed, __id: newId(), __name: 'Approve invoice 15', state: 'cancel' };
			// Listed first and last, so the open tasks sit between them.
			tasks.unshift(closed);
			tasks.push(cancelled);
			t.platform.collection('tasks').clear();
			for (const task of tasks) t.platform.collection('tasks').set(task.__id as string, task);
			return { closed, cancelled };
		};

		test('Open (the default) leaves out completed and cancelled tasks; the request is the same', async () => {
			const { closed, cancelled } = finish();
			const { items, error } = await run({ operation: 'getAll', scope: 'income', returnAll: true });
			expect(error).toBeUndefined();
			expect(t.wire()).toEqual([
				['POST', '/pub/v1/tasks/list/income', {}, { from: 0, size: MAX_PAGE_SIZE }],
			]);
			expect(jsonOf(items)).toEqual([tasks[1], tasks[3]]);
			expect(jsonOf(items)).not.toContainEqual(closed);
			expect(jsonOf(items)).not.toContainEqual(cancelled);
		});

		test('Finished gives the completed and cancelled tasks, Any every task of the list', async () => {
			const { closed, cancelled } = finish();
			const finished = await run({ operation: 'getAll', taskState: 'finished', returnAll: true });
			expect(jsonOf(finished.items)).toEqual([closed, cancelled]);
			t.platform.reset();
			const any = await run({ operation: 'getAll', taskState: 'any', returnAll: true });
			expect(t.wire()).toEqual([
				['POST', '/pub/v1/tasks/list', {}, { from: 0, size: MAX_PAGE_SIZE }],
			]);
			expect(jsonOf(any.items)).toEqual(tasks);
		});

		test('Limit counts the tasks kept: the list is read on past the finished ones', async () => {
			finish();
			const { items } = await run({ operation: 'getAll', limit: 3 });
			// The first page of 3 holds two open tasks (one closed); the one more wanted is read next.
			expect(t.wire()).toEqual([
				['POST', '/pub/v1/tasks/list', {}, { from: 0, size: 3 }],
				['POST', '/pub/v1/tasks/list', {}, { from: 3, size: 1 }],
			]);
			expect(jsonOf(items)).toEqual([tasks[1], tasks[2], tasks[3]]);
		});

		test('a State the node does not offer (from an expression) is refused before any request', async () => {
			const { error } = await run({ operation: 'getAll', taskState: '={{ "done" }}' });
			expect(error?.message).toBe(
				'Invalid "State" in item 0: expected one of "open", "finished", "any", got "done"',
			);
			expect(t.platform.requests).toHaveLength(0);
		});
	});

	test('Tasks offers All, Incoming, Outgoing, Participating and Of a User; the User picker shows for Of a User', async () => {
		const { loadPackage } = await import('../harness/engine');
		const loader = await loadPackage();
		const { properties } = loader.nodeTypes.elma365Task.type.description as INodeTypeDescription;
		expect(
			properties
				.filter((p: INodeProperties) => p.name === 'scope')
				.map((p) => (p.options as Array<{ value: string }>).map((o) => o.value)),
		).toEqual([['all', 'income', 'outcome', 'participate', 'performer']]);
		const user = properties.find(
			(p: INodeProperties) =>
				p.name === 'userId' && p.displayOptions?.show?.operation?.[0] === 'getAll',
		);
		expect(user?.displayOptions?.show?.scope).toEqual(['performer']);
	});
});

describe('Get and Get Exits', () => {
	test('Get: GET /tasks/{id}/get (the only method the vendor publishes), the task unwrapped', async () => {
		const { items } = await run({ operation: 'get', taskId: picked(taskAt(0), 'id') });
		expect(t.wire()).toEqual([['GET', `/pub/v1/tasks/${taskAt(0)}/get`, {}, undefined]]);
		expect(jsonOf(items)).toEqual([tasks[0]]);
		// A POST to the same path is refused, as a real company refuses it.
		expect((await sendRaw('POST', `/tasks/${taskAt(0)}/get`)).status).toBe(405);
	});

	test('Get Exits: GET /tasks/{id}/exits, one item per exit, paired with its input', async () => {
		const { items } = await run(
			{ operation: 'getExits', taskId: '={{ $json.task }}' },
			{
				input: [
					{ json: { task: { __rl: true, mode: 'id', value: taskAt(0) } } },
					{ json: { task: { __rl: true, mode: 'id', value: taskAt(1) } } },
				],
			},
		);
		expect(t.wire()).toEqual([
			['GET', `/pub/v1/tasks/${taskAt(0)}/exits`, {}, undefined],
			['GET', `/pub/v1/tasks/${taskAt(1)}/exits`, {}, undefined],
		]);
		expect(jsonOf(items)).toEqual([...exits, ...exits]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
	});

	test("an unknown task: the platform's 404 text, and Continue On Fail gives an error item", async () => {
		const unknown = newId();
		const { items } = await run(
			{ operation: 'get', taskId: picked(unknown, 'id') },
			{ continueOnFail: true },
		);
		expect(jsonOf(items)).toEqual([
			{
				error: `ELMA365 404: task ${unknown} not found`,
				description: expect.stringContaining(`GET /tasks/${unknown}/get`),
				httpCode: '404',
			},
		]);
	});
});

describe('Complete', () => {
	test('a picked task: GET /tasks/{id}/get once for its instanceId, then PUT /tasks/{id}/submit {exitId, instanceId, context}', async () => {
		const { items, error } = await run({
			operation: 'complete',
			taskId: picked(taskAt(0)),
			exitId: picked('approve'),
			fieldsInputMode: 'pairs',
			fields: {
				field: [
					{ name: 'comment', value: 'Looks right' },
					{ name: 'amount', value: '1200' },
				],
			},
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([
			['GET', `/pub/v1/tasks/${taskAt(0)}/get`, {}, undefined],
			[
				'PUT',
				`/pub/v1/tasks/${taskAt(0)}/submit`,
				{},
				{
					exitId: 'approve',
					instanceId: instance,
					context: { comment: 'Looks right', amount: 1200 },
				},
			],
		]);
		expect(jsonOf(items)).toEqual([
			{
				taskId: taskAt(0),
				exitId: 'approve',
				instanceId: instance,
				context: { comment: 'Looks right', amount: 1200 },
			},
		]);
		expect(t.platform.collection('tasks').get(taskAt(0))).toMatchObject({
			state: 'closed',
			submitted: { exitId: 'approve' },
		});
	});

	test("an exit the task does not have: the platform's words, and the task's exits read once after the refusal", async () => {
		const byName = await run({
			operation: 'complete',
			taskId: picked(taskAt(1)),
			exitId: picked('Approve', 'code'),
		});
		expect(byName.error?.message).toBe('ELMA365 400: exitId: the task has no exit "Approve"');
		expect(byName.error?.description).toContain(
			'Exit takes the ID of one of the task\'s exits (its id field, as the task\'s list of exits gives it), and "Approve" is none of them. The task\'s exits: "approve" (Approve), "reject" (Reject). "Approve" is the name of exit "approve": give that ID.',
		);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', `/pub/v1/tasks/${taskAt(1)}/get`],
			['PUT', `/pub/v1/tasks/${taskAt(1)}/submit`],
			['GET', `/pub/v1/tasks/${taskAt(1)}/exits`],
		]);

		t.platform.reset();
		const wrongExit = await run({
			operation: 'complete',
			taskId: picked(taskAt(1)),
			exitId: picked('escalate', 'code'),
		});
		expect(wrongExit.error?.message).toBe('ELMA365 400: exitId: the task has no exit "escalate"');
		expect(wrongExit.error?.description).toContain(
			'The task\'s exits: "approve" (Approve), "reject" (Reject). Give one of these IDs.',
		);
	});

	test("a task already completed: the platform's words; the exit given is one of the task's", async () => {
		t.platform.collection('tasks').get(taskAt(1))!.state = 'closed';
		t.platform.reset();
		const again = await run({
			operation: 'complete',
			taskId: picked(taskAt(1)),
			exitId: picked('approve'),
		});
		expect(again.error?.message).toBe(`ELMA365 400: task ${taskAt(1)} is already completed`);
		expect(again.error?.description).not.toContain("The task's exits");
		// The task read, the completion sent once, then the exits read to see whether the exit was the cause.
		expect(t.platform.requests.map((r) => r.method)).toEqual(['GET', 'PUT', 'GET']);
	});

	test('Process Instance filled in (e.g. from a task list): no read, one request per item', async () => {
		const { items, error } = await run(
			{
				operation: 'complete',
				taskId: '={{ { "__rl": true, "mode": "id", "value": $json.__id } }}',
				exitId: picked('approve'),
				instanceId: '={{ $json.instanceId }}',
			},
			{ input: [{ json: tasks[0] }, { json: tasks[2] }] },
		);
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual(
			[0, 2].map((index) => [
				'PUT',
				`/pub/v1/tasks/${taskAt(index)}/submit`,
				{},
				{ exitId: 'approve', instanceId: instance, context: {} },
			]),
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('an instanceId in Additional Body is the one sent, and the task is not read', async () => {
		await run({
			operation: 'complete',
			taskId: picked(taskAt(0), 'id'),
			exitId: picked('approve'),
			options: { body: JSON.stringify({ instanceId: instance }) },
		});
		expect(t.wire()).toEqual([
			[
				'PUT',
				`/pub/v1/tasks/${taskAt(0)}/submit`,
				{},
				{ exitId: 'approve', instanceId: instance, context: {} },
			],
		]);
	});

	test('a task answer without instanceId completes the task without one, as the double also takes', async () => {
		delete t.platform.collection('tasks').get(taskAt(0))!.instanceId;
		const { error } = await run({
			operation: 'complete',
			taskId: picked(taskAt(0), 'id'),
			exitId: picked('approve'),
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([
			['GET', `/pub/v1/tasks/${taskAt(0)}/get`, {}, undefined],
			['PUT', `/pub/v1/tasks/${taskAt(0)}/submit`, {}, { exitId: 'approve', context: {} }],
		]);
	});

	test("another task's instance: the platform's words; a Process Instance that is not a UUID fails before any request", async () => {
		const other = newId();
		const wrong = await run({
			operation: 'complete',
			taskId: picked(taskAt(0), 'id'),
			exitId: picked('approve'),
			instanceId: { __rl: true, mode: 'id', value: other },
		});
		expect(wrong.error?.message).toBe(
			`ELMA365 400: instanceId: task ${taskAt(0)} does not belong to process instance ${other}`,
		);
		// The completion, then the exits read after its refusal (the exit is one of them: no words added).
		expect(t.platform.requests.map((r) => r.method)).toEqual(['PUT', 'GET']);

		t.platform.reset();
		const bad = await run({
			operation: 'complete',
			taskId: picked(taskAt(0), 'id'),
			exitId: picked('approve'),
			instanceId: { __rl: true, mode: 'id', value: '={{ "abc" }}' },
		});
		expect(bad.error?.message).toMatch(/Invalid "Process Instance" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Additional Body is merged over the form; an empty exit fails before any request', async () => {
		await run({
			operation: 'complete',
			taskId: picked(taskAt(0)),
			exitId: picked('reject'),
			fieldsInputMode: 'json',
			fieldsJson: '{"reason": "late"}',
			options: { body: '{"context": {"reason": "duplicate"}}' },
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			undefined,
			{ exitId: 'reject', instanceId: instance, context: { reason: 'duplicate' } },
		]);

		t.platform.reset();
		const noExit = await run({
			operation: 'complete',
			taskId: picked(taskAt(0)),
			exitId: picked('={{ "  " }}'),
		});
		expect(noExit.error?.message).toMatch(/Invalid "Exit" in item 0: expected a non-empty text/);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('Reassign', () => {
	test('POST /tasks/{id}/reassign {userId, instanceId, comment} as the vendor documents it', async () => {
		const { items } = await run({
			operation: 'reassign',
			taskId: picked(taskAt(0)),
			userId: picked(bob),
			instanceId: instance,
			comment: 'Alice is away',
		});
		expect(t.wire()).toEqual([
			[
				'POST',
				`/pub/v1/tasks/${taskAt(0)}/reassign`,
				{},
				{ userId: bob, instanceId: instance, comment: 'Alice is away' },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{ taskId: taskAt(0), userId: bob, instanceId: instance, comment: 'Alice is away' },
		]);
		expect(t.platform.collection('tasks').get(taskAt(0))!.performers).toEqual([bob]);
	});

	test("no comment sends none; a wrong process instance is the platform's 400; a bad ID is refused before sending", async () => {
		const other = newId();
		const { error } = await run({
			operation: 'reassign',
			taskId: picked(taskAt(0)),
			userId: picked(bob),
			instanceId: other,
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ userId: bob, instanceId: other }]);
		expect(error?.message).toBe(
			`ELMA365 400: instanceId: task ${taskAt(0)} does not belong to process instance ${other}`,
		);

		t.platform.reset();
		const bad = await run({
			operation: 'reassign',
			taskId: picked(taskAt(0)),
			userId: picked(bob),
			instanceId: 'abc',
		});
		expect(bad.error?.message).toMatch(/Invalid "Process Instance" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('Set Dates', () => {
	test("POST /tasks/{id}/dates with the dates given, in UTC (a date without zone in the workflow's)", async () => {
		const { items } = await t.run({
			nodeType: 'elma365Task',
			timezone: 'Europe/Moscow',
			parameters: {
				resource: 'task',
				operation: 'setDates',
				taskId: picked(taskAt(1)),
				dueDate: '2027-03-01T18:00:00',
			},
		});
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/tasks/${taskAt(1)}/dates`, {}, { dueDate: '2027-03-01T15:00:00.000Z' }],
		]);
		expect(jsonOf(items)).toEqual([{ taskId: taskAt(1), dueDate: '2027-03-01T15:00:00.000Z' }]);
		expect(t.platform.collection('tasks').get(taskAt(1))!.dueDate).toBe('2027-03-01T15:00:00.000Z');
		// No /set-dates path is published: a real company answers 404.
		expect((await sendRaw('POST', `/tasks/${taskAt(1)}/set-dates`)).status).toBe(404);
	});

	test('no date at all fails before any request', async () => {
		const { error } = await run({ operation: 'setDates', taskId: picked(taskAt(1)) });
		expect(error?.message).toMatch(
			/Invalid "Start At \/ Due Date" in item 0: expected at least one date/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('pickers', () => {
	const search = (method: string, parameters: Record<string, unknown>, filter?: string) =>
		searchList({
			nodeType: 'elma365Task',
			parameters: { resource: 'task', ...parameters },
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method,
			filter,
		});

	test('only open tasks are offered; a state other than in progress is named', async () => {
		const closed = newId();
		const waiting = newId();
		t.platform.collection('tasks').set(closed, {
			...tasks[0],
			__id: closed,
			__name: 'Approve invoice 16',
			state: 'closed',
		});
		t.platform.collection('tasks').set(waiting, {
			...tasks[0],
			__id: waiting,
			__name: 'Approve invoice 19',
			state: 'assignment',
		});
		const cancelled = newId();
		t.platform
			.collection('tasks')
			.set(cancelled, { ...tasks[0], __id: cancelled, __name: 'Old', state: 'cancel' });
		expect(await search('searchTasks', { operation: 'complete' })).toEqual({
			results: [
				{ name: 'Approve invoice 17', value: taskAt(0) },
				{ name: 'Check contract', value: taskAt(1) },
				{ name: 'Approve invoice 18', value: taskAt(2) },
				{ name: 'Approve invoice 19 (assignment)', value: waiting },
			],
		});
		expect(t.wire()).toEqual([['POST', '/pub/v1/tasks/list', {}, { from: 0, size: 100 }]]);
	});

	test('tasks searched by name on the platform', async () => {
		expect(await search('searchTasks', { operation: 'get' }, 'invoice')).toEqual({
			results: [
				{ name: 'Approve invoice 17', value: taskAt(0) },
				{ name: 'Approve invoice 18', value: taskAt(2) },
			],
		});
		expect(t.wire()).toEqual([
			[
				'POST',
				'/pub/v1/tasks/list',
				{},
				{ filter: { tf: { __name: 'invoice' } }, from: 0, size: 1000 },
			],
		]);
	});

	test("the chosen task's exits, valued by exit ID; without a task the picker is empty (no false alarm)", async () => {
		expect(
			await search('searchExits', { operation: 'complete', taskId: picked(taskAt(0)) }),
		).toEqual({
			results: [
				{ name: 'Approve', value: 'approve' },
				{ name: 'Reject', value: 'reject' },
			],
		});
		await expect(
			search('searchExits', { operation: 'complete', taskId: picked('') }),
		).resolves.toEqual({ results: [] });
	});
});

test("the e2e workflow's Complete node, as saved, completes the task the webhook names", async () => {
	const { readFileSync } = await import('node:fs');
	const path = await import('node:path');
	const workflow = JSON.parse(
		readFileSync(
			path.join(__dirname, '..', '..', 'e2e', 'workflows', 'approve-from-webhook.json'),
			'utf8',
		),
	);
	const node = (
		workflow.nodes as Array<{
			type: string;
			parameters: Record<string, unknown>;
		}>
	).find((n) => n.type === 'n8n-nodes-elma365.elma365Task')!;
	const { items, error } = await t.run({
		nodeType: 'elma365Task',
		parameters: node.parameters,
		input: [
			{
				json: {
					body: { taskId: taskAt(2), exit: 'reject', comment: 'Too expensive', dealId: newId() },
				},
			},
		],
	});
	expect(error).toBeUndefined();
	expect(t.wire()).toEqual([
		['GET', `/pub/v1/tasks/${taskAt(2)}/get`, {}, undefined],
		[
			'PUT',
			`/pub/v1/tasks/${taskAt(2)}/submit`,
			{},
			{ exitId: 'reject', instanceId: instance, context: { comment: 'Too expensive' } },
		],
	]);
	expect(jsonOf(items)).toEqual([
		{
			taskId: taskAt(2),
			exitId: 'reject',
			instanceId: instance,
			context: { comment: 'Too expensive' },
		},
	]);
});
