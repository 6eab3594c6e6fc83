/**
 * examples/mcp-server.json in a real n8n: the MCP Server Trigger with the ELMA365 nodes as its
 * tools, imported and activated as a user would (sandbox credential on the ELMA365 nodes, a Bearer
 * Auth credential on the trigger). A real MCP client (the official TypeScript SDK, Streamable HTTP)
 * lists the tools with their descriptions and input schemas and calls two of them; the answers
 * carry the sandbox's data and the sandbox saw the requests. CI runs this without
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

test('tools/list: every ELMA365 node of the example, with its description and the $fromAI parameters as its input schema', async () => {
	const { tools: listed } = await client.listTools();
	expect(listed.map((tool) => tool.name).sort()).toEqual(
		[
			'complete_task',
			'find_items',
			'get_task_exits',
			'list_my_tasks',
			'rename_case',
			'start_process',
		].sort(),
	);
	for (const node of tools) {
		const tool = listed.find((entry) => entry.name === node.name)!;
		expect(tool.description).toBe(node.parameters.toolDescription);
	}
	const schema = (name: string) => listed.find((tool) => tool.name === name)!.inputSchema;
	const text = (description: string) => ({ type: 'string', description });
	expect(schema('find_items')).toMatchObject({
		type: 'object',
		properties: {
			section: text('Code of the ELMA365 section (namespace) the application belongs to, e.g. crm'),
			application: text('Code of the application inside the section, e.g. deals'),
			name_contains: text('Part of the item name to look for; empty for any item'),
		},
		required: ['section', 'application', 'name_contains'],
	});
	expect(Object.keys(schema('start_process').properties ?? {}).sort()).toEqual([
		'context',
		'section',
		'template',
	]);
	expect(schema('list_my_tasks').properties ?? {}).toEqual({});
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
			case_id: text('ID of the nomenclature case to rename'),
			new_name: text('The new name of the case'),
		},
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
			amount: 1200,
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

test('tools/call list_my_tasks: the incoming tasks of the key user, no arguments', async () => {
	await clearSandboxRequests();
	const result = await client.callTool({ name: 'list_my_tasks', arguments: {} });
	expect(result.isError).toBeFalsy();
	const requests = await sandboxRequests();
	expect(requests.map((r) => [r.method, r.path])).toEqual([['POST', '/pub/v1/tasks/list/income']]);
	// A task's state is the sandbox's: nodes.e2e and examples.e2e complete them, and jest orders the files by their last duration.
	const tasks = await sandboxData('tasks');
	const stateOf = (id: string) => tasks.find((task) => task.__id === id)?.state;
	expect(answerOf(result)).toEqual([
		expect.objectContaining({
			__id: 'ca000000-0000-4000-8000-0000000000a1',
			__name: 'Approve the deal "Office chairs"',
			state: stateOf('ca000000-0000-4000-8000-0000000000a1'),
		}),
		expect.objectContaining({
			__id: 'cc000000-0000-4000-8000-0000000000a3',
			__name: 'Review the onboarding checklist',
			state: stateOf('cc000000-0000-4000-8000-0000000000a3'),
		}),
	]);
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
				text: 'NodeOperationError: Invalid "Task" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "not-a-uuid"',
			},
		],
		isError: true,
	});
	expect(await sandboxRequests()).toEqual([]);
});
