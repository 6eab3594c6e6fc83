/**
 * examples/mcp-server.json in a real n8n: the MCP Server Trigger with the ELMA365 nodes as its
 * tools, imported and activated as a user would (sandbox credential on the ELMA365 nodes, a Bearer
 * Auth credential on the trigger). A real MCP client (the official TypeScript SDK, Streamable HTTP)
 * lists the tools with their descriptions and input schemas and calls them as a model would that
 * knows no code or ID: from the sections to started processes and a renamed case, each argument
 * taken from an earlier answer; the sandbox saw exactly the expected requests. CI runs this without
 * N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE (docs/ai-agents-and-mcp.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
	clearSandboxRequests,
	n8nApi,
	PACKAGE,
	sandboxData,
	sandboxRequests,
	state,
} from './helpers';

const EXAMPLE = path.resolve(__dirname, '..', 'examples', 'mcp-server.json');
const TOKEN = 'mcp-e2e-0000-4000-8000-bearer-token';

interface ExampleNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: unknown;
}

const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as {
	nodes: ExampleNode[];
	[key: string]: unknown;
};
const trigger = example.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
const tools = example.nodes.filter((node) => node.type.startsWith(`${PACKAGE}.`));
const endpoint = () => new URL(`${state.n8nUrl}/mcp/${trigger.parameters.path as string}`);

/** A connected MCP client; `token` goes in the Authorization header. */
async function connect(token = TOKEN): Promise<Client> {
	const client = new Client({ name: 'elma365-e2e', version: '1.0.0' });
	const transport = new StreamableHTTPClientTransport(endpoint(), {
		requestInit: { headers: { authorization: `Bearer ${token}` } },
	});
	await client.connect(transport);
	return client;
}

/** The JSON a tool answered with (n8n puts the node's output items in one text block). */
function answerOf(result: Awaited<ReturnType<Client['callTool']>>): unknown {
	const content = result.content as Array<{ type: string; text: string }>;
	expect(content).toHaveLength(1);
	expect(content[0].type).toBe('text');
	return JSON.parse(content[0].text);
}

let client: Client;

beforeAll(async () => {
	const bearer = await n8nApi('POST', '/credentials', {
		name: 'MCP clients',
		type: 'httpBearerAuth',
		data: { token: TOKEN },
	});
	expect(bearer.status).toBe(200);
	for (const node of example.nodes) {
		if (node === trigger)
			node.credentials = { httpBearerAuth: { id: bearer.json.id, name: 'MCP clients' } };
		else node.credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	}
	const created = await n8nApi('POST', '/workflows', example);
	expect(created.status).toBe(200);
	const activated = await n8nApi('POST', `/workflows/${created.json.id as string}/activate`);
	expect(activated.status).toBe(200);
	// n8n registers the production URL right after activation; retry the first connection briefly.
	for (let attempt = 0; ; attempt++) {
		try {
			client = await connect();
			return;
		} catch (error) {
			if (attempt >= 20) throw error;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}
});

afterAll(async () => {
	await client?.close();
});

test('without the right bearer token the endpoint refuses the client', async () => {
	const initialize = {
		jsonrpc: '2.0',
		id: 1,
		method: 'initialize',
		params: {
			protocolVersion: '2025-06-18',
			capabilities: {},
			clientInfo: { name: 'elma365-e2e', version: '1.0.0' },
		},
	};
	const post = async (headers: Record<string, string>) => {
		const response = await fetch(endpoint(), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
				...headers,
			},
			body: JSON.stringify(initialize),
		});
		return { status: response.status, text: await response.text() };
	};
	const refused = { status: 403, text: 'Authorization data is wrong!' };
	expect(await post({})).toEqual(refused);
	expect(await post({ authorization: 'Bearer wrong-token' })).toEqual(refused);
	expect((await post({ authorization: `Bearer ${TOKEN}` })).status).toBe(200);
	await expect(connect('wrong-token')).rejects.toThrow('Authorization data is wrong!');
});

const TOOL_NAMES = [
	'complete_task',
	'find_items',
	'find_users',
	'get_application',
	'get_process_template',
	'get_task_exits',
	'list_application_process_templates',
	'list_applications',
	'list_my_tasks',
	'list_nomenclature_cases',
	'list_nomenclature_directories',
	'list_process_templates',
	'list_sections',
	'rename_case',
	'start_process',
	'start_process_with_context',
];

test('tools/list: every ELMA365 node of the example, with its description and the $fromAI parameters as its input schema', async () => {
	const { tools: listed } = await client.listTools();
	expect(listed.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
	expect(tools.map((node) => node.name).sort()).toEqual(TOOL_NAMES);
	for (const node of tools) {
		const tool = listed.find((entry) => entry.name === node.name)!;
		expect(tool.description).toBe(node.parameters.toolDescription);
	}
	const schema = (name: string) => listed.find((tool) => tool.name === name)!.inputSchema;
	const text = (description: string) => ({ type: 'string', description });
	const section = text('Code of the section (namespace), from list_sections, e.g. crm');
	const application = text(
		'Code of the application inside the section, from list_applications, e.g. deals',
	);
	for (const name of [
		'list_sections',
		'list_my_tasks',
		'list_nomenclature_directories',
		'list_nomenclature_cases',
	])
		expect([name, schema(name).properties]).toEqual([name, {}]);
	expect(schema('list_applications')).toMatchObject({
		properties: { section },
		required: ['section'],
	});
	// A fourth $fromAI() argument is a default: the argument is optional and n8n fills it in.
	expect(schema('find_items')).toMatchObject({
		type: 'object',
		properties: {
			section,
			application,
			name_contains: {
				...text('Part of the item name to look for; leave out for any item'),
				default: '',
			},
		},
		required: ['section', 'application'],
	});
	const processSection = text(
		'The namespace field of the template as list_process_templates or list_application_process_templates returned it, e.g. crm or crm.deals',
	);
	const template = text(
		'The code field of the template, from list_process_templates or list_application_process_templates, e.g. approval',
	);
	expect(schema('find_users')).toMatchObject({
		properties: {
			name_contains: {
				...text('Part of the user name to look for; leave out for any user'),
				default: '',
			},
		},
	});
	expect(schema('start_process')).toMatchObject({
		properties: { section: processSection, template },
		required: ['section', 'template'],
	});
	expect(Object.keys(schema('start_process').properties ?? {}).sort()).toEqual([
		'section',
		'template',
	]);
	// n8n 2.41 gives a 'json' argument no JSON Schema type: only its description says "object".
	expect(schema('start_process_with_context')).toMatchObject({
		properties: {
			section: processSection,
			template,
			context: {
				description:
					'Context fields of the process: a JSON object keyed by field code (the context of the template), at least one field, e.g. {"subject": "Office chairs"}',
			},
		},
		required: ['section', 'template', 'context'],
	});
	expect(schema('start_process_with_context').properties?.context).not.toHaveProperty('type');
	expect(schema('complete_task')).toMatchObject({
		properties: {
			task_id: text('ID (__id) of the task, from list_my_tasks'),
			exit_id: text(
				'ID of the exit to complete the task through, from get_task_exits, e.g. approve',
			),
		},
		required: expect.arrayContaining(['task_id', 'exit_id']),
	});
	expect(schema('rename_case')).toMatchObject({
		properties: {
			case_id: text('ID (__id) of the nomenclature case to rename, from list_nomenclature_cases'),
			new_name: text('The new name of the case'),
		},
		required: ['case_id', 'new_name'],
	});
});

test('tools/call find_items: the arguments become the application path and the name filter', async () => {
	await clearSandboxRequests();
	const result = await client.callTool({
		name: 'find_items',
		arguments: { section: 'crm', application: 'deals', name_contains: 'chairs' },
	});
	expect(result.isError).toBeFalsy();
	expect(answerOf(result)).toEqual([
		expect.objectContaining({
			__id: '7a000000-0000-4000-8000-0000000000a1',
			__name: 'Office chairs',
			amount: { cents: 120000, currency: 'EUR' },
		}),
	]);
	const requests = await sandboxRequests();
	expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
		[
			'POST',
			'/pub/v1/app/crm/deals/list',
			{ filter: { tf: { __name: 'chairs' } }, from: 0, size: 20 },
		],
	]);
});

test('tools/call find_users: a part of the name finds the user with the ID, login and e-mail a user field takes', async () => {
	await clearSandboxRequests();
	const result = await client.callTool({ name: 'find_users', arguments: { name_contains: 'bob' } });
	expect(result.isError).toBeFalsy();
	expect(answerOf(result)).toEqual([
		expect.objectContaining({
			__id: '0b000000-0000-4000-8000-000000000b0b',
			__name: 'Bob Jones',
			login: 'bob',
			email: 'bob@example.com',
		}),
	]);
	const requests = await sandboxRequests();
	expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', '/pub/v1/user/list', { filter: { tf: { __name: 'bob' } }, from: 0, size: 20 }],
	]);
});

test('tools/call list_my_tasks: the incoming tasks of the key user, no arguments', async () => {
	await clearSandboxRequests();
	const result = await client.callTool({ name: 'list_my_tasks', arguments: {} });
	expect(result.isError).toBeFalsy();
	const requests = await sandboxRequests();
	expect(requests.map((r) => [r.method, r.path])).toEqual([['POST', '/pub/v1/tasks/list/income']]);
	// Open tasks only (Get Many's State default): the closed budget task is always left out; the
	// others while open (nodes.e2e and examples.e2e complete them, and jest orders the files by
	// their last duration).
	const tasks = await sandboxData('tasks');
	const isOpen = (id: string) => tasks.find((task) => task.__id === id)?.state !== 'closed';
	const open = [
		['ca000000-0000-4000-8000-0000000000a1', 'Approve the deal "Office chairs"'],
		['cc000000-0000-4000-8000-0000000000a3', 'Review the onboarding checklist'],
	].filter(([id]) => isOpen(id));
	expect(answerOf(result)).toEqual(
		open.map(([id, name]) =>
			expect.objectContaining({ __id: id, __name: name, state: 'in_progress' }),
		),
	);
});

test('tools/call errors: the platform refusal and a wrong ID reach the client as tool errors in words', async () => {
	const missing = 'cf000000-0000-4000-8000-0000000000a9';
	await clearSandboxRequests();
	expect(
		await client.callTool({ name: 'get_task_exits', arguments: { task_id: missing } }),
	).toEqual({
		content: [
			{
				type: 'text',
				text: `NodeOperationError: ELMA365 404: task ${missing} not found\n\nDetails: The platform has no such address or object (HTTP 404). Request: GET /tasks/${missing}/exits.`,
			},
		],
		isError: true,
	});
	expect((await sandboxRequests()).map((r) => [r.method, r.path])).toEqual([
		['GET', `/pub/v1/tasks/${missing}/exits`],
	]);
	await clearSandboxRequests();
	expect(
		await client.callTool({ name: 'get_task_exits', arguments: { task_id: 'not-a-uuid' } }),
	).toEqual({
		content: [
			{
				type: 'text',
				text: 'NodeOperationError: Invalid tool argument "task_id" (field "Task"): expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "not-a-uuid"\n\nDetails: It takes an ID, not a name: the __id of a task, from ELMA365 Task > Task > Get Many or from ELMA365 Task Trigger\'s output.',
			},
		],
		isError: true,
	});
	expect(await sandboxRequests()).toEqual([]);
	// A code that names nothing: the hint names the tool's arguments, not the form's pickers.
	await clearSandboxRequests();
	const wrong = await client.callTool({
		name: 'find_items',
		arguments: { section: 'crm', application: 'Deals' },
	});
	expect(wrong.isError).toBe(true);
	expect((wrong.content as Array<{ text: string }>)[0].text).toContain(
		'Check the tool arguments "section" and "application": a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals). Take both from the answer of the tool that lists the applications of a section (the code field of each; ELMA365 Scheme > Application > Get Many).',
	);
	expect((wrong.content as Array<{ text: string }>)[0].text).toContain('Did you mean "deals"?');
	// After the 404, what the company has: its sections, then the section's applications.
	expect((await sandboxRequests()).map((r) => [r.method, r.path])).toEqual([
		['POST', '/pub/v1/app/crm/Deals/list'],
		['GET', '/pub/v1/scheme/namespaces'],
		['GET', '/pub/v1/scheme/namespaces/crm/apps'],
	]);
});

type Row = Record<string, unknown>;

/** Calls a tool that must succeed and returns its answer as rows. */
async function call(name: string, args: Record<string, unknown> = {}): Promise<Row[]> {
	const result = await client.callTool({ name, arguments: args });
	expect([name, result.isError ?? false]).toEqual([name, false]);
	const answer = answerOf(result);
	return (Array.isArray(answer) ? answer : [answer]) as Row[];
}

/** The one row whose `key` is `value`: the scripted client picks by what a person would say. */
function pick(rows: Row[], key: string, value: unknown): Row {
	const found = rows.filter((row) => row[key] === value);
	expect([key, value, found.length]).toEqual([key, value, 1]);
	return found[0];
}

const codes = (fields: unknown) => (fields as Row[]).map((field) => field.code);

test('discovery: from no code at all to a started process, with and without context, through the tools answers only', async () => {
	await clearSandboxRequests();
	const crm = pick(await call('list_sections'), 'name', 'CRM');
	const deals = pick(await call('list_applications', { section: crm.code }), 'name', 'Deals');
	expect(codes(deals.fields)).toEqual(['__name', 'amount']);
	const dealScheme = (
		await call('get_application', { section: crm.code, application: deals.code })
	)[0];
	expect(codes(dealScheme.fields)).toEqual(['__name', 'amount']);
	// name_contains left out: n8n fills in its default, an empty text.
	const items = await call('find_items', { section: crm.code, application: deals.code });
	const chairs = pick(items, '__name', 'Office chairs');

	const approval = pick(
		await call('list_process_templates', { section: crm.code }),
		'name',
		'Approval',
	);
	const approvalScheme = (
		await call('get_process_template', { section: crm.code, template: approval.code })
	)[0];
	const approvalContext = approvalScheme.context as Row[];
	const required = approvalContext.filter((field) => field.required).map((field) => field.code);
	expect(required).toEqual(['subject']);
	const target = { section: approval.namespace, template: approval.code };
	const [bare] = await call('start_process', target);
	const [filled] = await call('start_process_with_context', {
		...target,
		context: { [required[0] as string]: chairs.__name },
	});
	expect(bare).toEqual({ instanceId: expect.any(String), context: { __id: bare.instanceId } });
	expect(filled).toEqual({
		instanceId: expect.any(String),
		context: { subject: 'Office chairs', __id: filled.instanceId },
	});

	const review = pick(
		await call('list_application_process_templates', {
			section: crm.code,
			application: deals.code,
		}),
		'name',
		'Deal review',
	);
	expect(codes(review.context)).toEqual(['deal', 'comment']);
	const [reviewed] = await call('start_process_with_context', {
		section: review.namespace,
		template: review.code,
		context: { deal: [chairs.__id] },
	});
	expect(reviewed.context).toEqual({ deal: [chairs.__id], __id: reviewed.instanceId });

	const requests = await sandboxRequests();
	expect(requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['GET', '/pub/v1/scheme/namespaces', { from: '0', size: '100' }, undefined],
		['GET', '/pub/v1/scheme/namespaces/crm/apps', { from: '0', size: '100' }, undefined],
		['GET', '/pub/v1/scheme/namespaces/crm/apps/deals', {}, undefined],
		[
			'POST',
			'/pub/v1/app/crm/deals/list',
			{},
			{ filter: { tf: { __name: '' } }, from: 0, size: 20 },
		],
		['GET', '/pub/v1/scheme/namespaces/crm/processes', { from: '0', size: '100' }, undefined],
		['GET', '/pub/v1/scheme/namespaces/crm/processes/approval', {}, undefined],
		['POST', '/pub/v1/bpm/template/crm/approval/run', {}, { context: {} }],
		// A context from the model is typed by the template's scheme, read first.
		['GET', '/pub/v1/scheme/namespaces/crm/processes/approval', {}, undefined],
		[
			'POST',
			'/pub/v1/bpm/template/crm/approval/run',
			{},
			{ context: { subject: 'Office chairs' } },
		],
		[
			'GET',
			'/pub/v1/scheme/namespaces/crm/apps/deals/processes',
			{ from: '0', size: '100' },
			undefined,
		],
		['GET', '/pub/v1/scheme/namespaces/crm.deals/processes/deal_review', {}, undefined],
		[
			'POST',
			'/pub/v1/bpm/template/crm.deals/deal_review/run',
			{},
			{ context: { deal: [chairs.__id] } },
		],
	]);
});

test('discovery: a nomenclature case found through its directory and renamed by the ID the list gave', async () => {
	await clearSandboxRequests();
	const contracts = pick(await call('list_nomenclature_directories'), 'name', 'Contracts');
	const cases = await call('list_nomenclature_cases');
	// The quota suite adds cases to the same directory: the seeded one is found by its name too.
	const supply = pick(
		cases.filter((entry) => entry.directoryId === contracts.__id),
		'name',
		'Supply contracts',
	);
	const [renamed] = await call('rename_case', {
		case_id: supply.__id,
		new_name: 'Supply contracts 2027',
	});
	expect(renamed).toMatchObject({ __id: supply.__id, name: 'Supply contracts 2027' });
	const stored = (await sandboxData('nomenclatureCases')).find(
		(entry) => entry.__id === supply.__id,
	);
	expect(stored).toMatchObject({
		name: 'Supply contracts 2027',
		directoryId: contracts.__id,
		docflow: supply.docflow,
	});
	const requests = await sandboxRequests();
	expect(requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['GET', '/pub/v1/nomenclature/directory', { from: '0', size: '100' }, undefined],
		['GET', '/pub/v1/nomenclature', { from: '0', size: '100' }, undefined],
		// Case > Update reads the case's current directory, document flow and numbering first.
		['GET', '/pub/v1/nomenclature', { from: '0', size: '10000' }, undefined],
		[
			'PUT',
			`/pub/v1/nomenclature/${supply.__id as string}`,
			{},
			{ directoryId: contracts.__id, docflow: supply.docflow, name: 'Supply contracts 2027' },
		],
	]);
	// The sandbox's case keeps its name for the other end-to-end tests.
	await call('rename_case', { case_id: supply.__id, new_name: supply.name });
});

test('an empty context is refused by n8n before any request: a "json" argument must be non-empty (start_process is the tool for none)', async () => {
	await clearSandboxRequests();
	const result = await client.callTool({
		name: 'start_process_with_context',
		arguments: { section: 'crm', template: 'approval', context: {} },
	});
	expect(result).toEqual({
		content: [
			{
				type: 'text',
				text: 'Error: Received tool input did not match expected schema\n\n✖ Value must be a non-empty object or a non-empty array\n  → at context',
			},
		],
		isError: true,
	});
	expect(await sandboxRequests()).toEqual([]);
});

/** The text of a tool's error answer. */
async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
	const result = await client.callTool({ name, arguments: args });
	expect([name, result.isError]).toEqual([name, true]);
	const content = result.content as Array<{ type: string; text: string }>;
	expect(content).toHaveLength(1);
	return content[0].text;
}

test('an agent that sends money as 2500 and "2500.00 EUR", a user as an e-mail and a deal by its name recovers from the answers alone', async () => {
	await clearSandboxRequests();
	const target = { section: 'crm', template: 'approval' };
	// The discovery answer says what each field takes (Options > Add Value Shapes in the example).
	const [approval] = await call('get_process_template', target);
	const shapes = Object.fromEntries(
		(approval.context as Row[]).map((field) => [field.code, field.valueShape]),
	);
	expect(shapes).toEqual({
		subject: expect.any(String),
		amount:
			'money: an amount and a currency such as "2500.00 EUR"; sent as {"cents": 250000, "currency": "EUR"}',
		approver: 'a user\'s __id, or the exact e-mail or login of one user; sent as ["<user __id>"]',
		due: expect.any(String),
	});
	await clearSandboxRequests();
	// 2500 has no currency (the Amount field names none): refused before the start, with the shape.
	const bare = await refusal('start_process_with_context', {
		...target,
		context: { subject: 'Office chairs', amount: 2500 },
	});
	expect(bare).toBe(
		'NodeOperationError: Invalid tool argument "context" (field "Fields (JSON) > amount (MONEY)"): expected an amount and a currency such as 2500.00 EUR, or {"cents": 250000, "currency": "EUR"}, got 2500',
	);
	expect((await sandboxRequests()).map((r) => [r.method, r.path])).toEqual([
		['GET', '/pub/v1/scheme/namespaces/crm/processes/approval'],
	]);

	// The answer's own example, and the approver's e-mail as find_users gave it.
	await clearSandboxRequests();
	const bob = pick(await call('find_users', { name_contains: 'Bob' }), '__name', 'Bob Jones');
	const [started] = await call('start_process_with_context', {
		...target,
		context: { subject: 'Office chairs', amount: '2500.00 EUR', approver: bob.email },
	});
	const form = {
		subject: 'Office chairs',
		amount: { cents: 250000, currency: 'EUR' },
		approver: [bob.__id],
	};
	expect(started).toEqual({
		instanceId: expect.any(String),
		context: { ...form, __id: started.instanceId },
	});
	const runs = (await sandboxRequests()).filter((r) => r.path.endsWith('/run'));
	expect(runs.map((r) => r.body)).toEqual([{ context: form }]);

	// A deal named instead of its ID: refused with what the field takes; find_items gives the ID.
	await clearSandboxRequests();
	const review = { section: 'crm.deals', template: 'deal_review' };
	const [reviewScheme] = await call('get_process_template', review);
	expect((reviewScheme.context as Row[]).find((field) => field.code === 'deal')?.valueShape).toBe(
		'the __id of an item of crm/deals; sent as ["<item __id>"]',
	);
	await clearSandboxRequests();
	const named = await refusal('start_process_with_context', {
		...review,
		context: { deal: 'Office chairs' },
	});
	expect(named).toBe(
		'NodeOperationError: Invalid tool argument "context" (field "Fields (JSON) > deal (SYS_COLLECTION)"): expected a UUID or a list of UUIDs, got "Office chairs"\n\nDetails: An item reference takes the IDs of items, not their names: the __id of each item, as App > Item > Get Many lists the items of the application the field refers to (the field\'s value shape names it, e.g. crm/deals); filter that list by the item\'s name to find one.',
	);
	const chairs = pick(
		await call('find_items', { section: 'crm', application: 'deals', name_contains: 'Office' }),
		'__name',
		'Office chairs',
	);
	const [reviewed] = await call('start_process_with_context', {
		...review,
		context: { deal: chairs.__id },
	});
	expect(reviewed.context).toEqual({ deal: [chairs.__id], __id: reviewed.instanceId });
	const starts = (await sandboxRequests()).filter((r) => r.path.endsWith('/run'));
	expect(starts.map((r) => [r.path, r.body])).toEqual([
		['/pub/v1/bpm/template/crm.deals/deal_review/run', { context: { deal: [chairs.__id] } }],
	]);
});

/** The text of a tool's refusal; the test has failed if the call succeeded. */
const firstText = (result: Awaited<ReturnType<typeof client.callTool>>) =>
	(result.content as Array<{ text: string }>)[0].text;

test('an agent that guesses a code, gives a name for an ID or an exit by its name is told the values, and recovers with one more call', async () => {
	// An application code in another case: the section's codes, and the one meant.
	await clearSandboxRequests();
	const wrongApp = await client.callTool({
		name: 'get_application',
		arguments: { section: 'crm', application: 'Deals' },
	});
	expect(wrongApp.isError).toBe(true);
	expect(firstText(wrongApp)).toContain(
		'The applications of section "crm" (codes): "deals" (Deals), ',
	);
	expect(firstText(wrongApp)).toContain('Did you mean "deals"?');
	const meant = /Did you mean "([^"]+)"\?/.exec(firstText(wrongApp))![1];
	const [deals] = await call('get_application', { section: 'crm', application: meant });
	expect(deals.code).toBe('deals');

	// A section that does not exist: the company's sections.
	const wrongSection = await client.callTool({
		name: 'list_applications',
		arguments: { section: 'CRM' },
	});
	expect(wrongSection.isError).toBe(true);
	expect(firstText(wrongSection)).toContain('The company\'s sections (codes): "crm" (CRM)');
	const section = /Did you mean "([^"]+)"\?/.exec(firstText(wrongSection))![1];
	expect((await call('list_applications', { section })).map((app) => app.code)).toContain('deals');

	// A task's name where its ID goes: the answer says which field of which list gives the ID.
	await clearSandboxRequests();
	const byName = await refusal('get_task_exits', { task_id: 'Approve the deal "Office chairs"' });
	expect(byName).toContain(
		'It takes an ID, not a name: the __id of a task, from ELMA365 Task > Task > Get Many',
	);
	expect(await sandboxRequests()).toEqual([]);
	// The tool the answer names lists the open tasks with their __id (other suites complete some).
	const [task] = await call('list_my_tasks');
	expect((await call('get_task_exits', { task_id: task.__id })).map((exit) => exit.id)).toEqual([
		'approve',
		'reject',
	]);

	// An exit by its name: the platform refuses; the answer names the task's exits and the ID meant.
	// (Bob's contract check: a task no other suite completes.)
	const contractCheck = 'cb000000-0000-4000-8000-0000000000a2';
	await clearSandboxRequests();
	const exitByName = await refusal('complete_task', { task_id: contractCheck, exit_id: 'Approve' });
	expect(exitByName).toContain(
		'the tool argument "exit_id" takes the ID of one of the task\'s exits (its id field, as the task\'s list of exits gives it), and "Approve" is none of them. The task\'s exits: "approve" (Approve), "reject" (Reject). "Approve" is the name of exit "approve": give that ID.',
	);
	expect((await sandboxRequests()).map((r) => [r.method, r.path])).toEqual([
		['GET', `/pub/v1/tasks/${contractCheck}/get`],
		['PUT', `/pub/v1/tasks/${contractCheck}/submit`],
		['GET', `/pub/v1/tasks/${contractCheck}/exits`],
	]);
	await call('complete_task', { task_id: contractCheck, exit_id: 'approve' });
	expect((await sandboxData('tasks')).find((t) => t.__id === contractCheck)).toMatchObject({
		state: 'closed',
		submitted: { exitId: 'approve' },
	});
});
