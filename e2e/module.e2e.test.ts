/**
 * ELMA365 Module in a real n8n against the sandbox's demo module (e2e/sandboxModule.ts,
 * test/harness/routes/module.ts): a workflow calls its `echo` method (JSON) and its `report` method
 * (a CSV text, output as a file), a failing method gives the module's own status and text, and an
 * MCP client calls the node as a tool with the body as a `$fromAI` argument.
 */
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEMO_MODULE_ID, DEMO_REPORT } from '../test/harness/routes/module.ts';
import {
	activateWorkflow,
	callWebhook,
	clearSandboxRequests,
	elma365Node,
	n8nApi,
	PACKAGE,
	postWebhook,
	sandboxRequests,
	state,
	webhookWorkflow,
} from './helpers';

const SCRIPT = `/api/extensions/${DEMO_MODULE_ID}/script`;
const picked = { __rl: true, mode: 'list', value: DEMO_MODULE_ID };

/** The sandbox requests to the module, as the method, path, Authorization and body that arrived. */
async function moduleRequests() {
	return (await sandboxRequests())
		.filter((r) => r.path.startsWith('/api/extensions/'))
		.map((r) => [r.method, r.path, (r.headers as Record<string, string>).authorization, r.body]);
}

test('a workflow calls the echo method and outputs its JSON answer', async () => {
	await webhookWorkflow('e2e-module-echo', 'elma365Module', {
		resource: 'method',
		operation: 'call',
		module: picked,
		method: 'echo',
		body: '={{ $json.body }}',
	});
	await clearSandboxRequests();
	const order = { orderId: 42, lines: [{ sku: 'A-1', qty: 2 }] };
	const answer = await callWebhook('e2e-module-echo', order);
	expect(answer).toEqual({ status: 200, json: [order] });
	expect(await moduleRequests()).toEqual([
		['POST', `${SCRIPT}/echo`, `Bearer ${state.sandboxKey}`, order],
	]);
});

test('a method answering text gives a file: its bytes and type reach the webhook caller', async () => {
	await webhookWorkflow(
		'e2e-module-report',
		'elma365Module',
		{ resource: 'method', operation: 'call', module: picked, method: 'report', httpMethod: 'GET' },
		{ responseData: 'firstEntryBinary' },
	);
	await clearSandboxRequests();
	const response = await postWebhook('e2e-module-report', {
		headers: { 'content-type': 'application/json' },
		body: '{}',
	});
	expect(response.status).toBe(200);
	expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
	expect(await response.text()).toBe(DEMO_REPORT);
	expect(await moduleRequests()).toEqual([
		['GET', `${SCRIPT}/report`, `Bearer ${state.sandboxKey}`, undefined],
	]);
});

test("a failing method gives the module's status and text (Continue On Fail: as the item)", async () => {
	const node = {
		...elma365Node('elma365Module', {
			resource: 'method',
			operation: 'call',
			module: picked,
			method: 'fail',
			body: '={{ $json.body }}',
		}),
		onError: 'continueRegularOutput',
	};
	await activateWorkflow({
		name: 'e2e module failure',
		nodes: [
			{
				parameters: {
					httpMethod: 'POST',
					path: 'e2e-module-fail',
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
				},
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
			},
			node,
		],
		connections: { Webhook: { main: [[{ node: 'ELMA365', type: 'main', index: 0 }]] } },
	});
	await clearSandboxRequests();
	const answer = await callWebhook('e2e-module-fail', { reason: 'no stock' });
	expect(answer).toEqual({
		status: 200,
		json: [
			{
				error: 'ELMA365 422: Order cannot be shipped: no stock',
				description: `The platform rejected the request (HTTP 422). The module's API method answered this: its script chose the status and the text. Request: POST ${SCRIPT}/fail.`,
				httpCode: '422',
			},
		],
	});
	// Not repeated: what a module's script did before it failed is unknown.
	expect(await moduleRequests()).toHaveLength(1);
});

describe('as an MCP tool', () => {
	const TOKEN = 'mcp-e2e-module-0000-4000-8000-bearer';
	const MCP_PATH = 'elma365-module';
	let client: Client;

	beforeAll(async () => {
		const bearer = await n8nApi('POST', '/credentials', {
			name: 'MCP module clients',
			type: 'httpBearerAuth',
			data: { token: TOKEN },
		});
		expect(bearer.status).toBe(200);
		const tool = (name: string, method: string, toolDescription: string) => ({
			...elma365Node('elma365Module', {
				descriptionType: 'manual',
				toolDescription,
				resource: 'method',
				operation: 'call',
				module: { __rl: true, mode: 'id', value: DEMO_MODULE_ID },
				method,
				body: "={{ $fromAI('order', 'The order as a JSON object, e.g. {\"orderId\": 42}', 'json') }}",
			}),
			name,
			type: `${PACKAGE}.elma365ModuleTool`,
		});
		await activateWorkflow({
			name: 'e2e module MCP',
			nodes: [
				{
					parameters: { authentication: 'bearerAuth', path: MCP_PATH },
					id: randomUUID(),
					name: 'MCP Server Trigger',
					type: '@n8n/n8n-nodes-langchain.mcpTrigger',
					typeVersion: 2,
					position: [300, 0],
					webhookId: randomUUID(),
					credentials: { httpBearerAuth: { id: bearer.json.id, name: 'MCP module clients' } },
				},
				tool('check_order', 'echo', 'Check an order with the Orders module; returns the order'),
				tool('ship_order', 'fail', 'Ship an order with the Orders module'),
			],
			connections: {
				check_order: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
				ship_order: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
			},
		});
		const endpoint = new URL(`${state.n8nUrl}/mcp/${MCP_PATH}`);
		// n8n registers the production URL right after activation; retry the first connection briefly.
		for (let attempt = 0; ; attempt++) {
			try {
				client = new Client({ name: 'elma365-module-e2e', version: '1.0.0' });
				await client.connect(
					new StreamableHTTPClientTransport(endpoint, {
						requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
					}),
				);
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

	test('tools/list shows the module tools with the body as their argument', async () => {
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(['check_order', 'ship_order']);
		const check = tools.find((tool) => tool.name === 'check_order')!;
		expect(check.description).toBe('Check an order with the Orders module; returns the order');
		expect(check.inputSchema).toMatchObject({
			type: 'object',
			properties: { order: { description: 'The order as a JSON object, e.g. {"orderId": 42}' } },
			required: ['order'],
		});
	});

	test("tools/call sends the agent's JSON to the method and answers the method's JSON", async () => {
		await clearSandboxRequests();
		const order = { orderId: 42, express: true };
		const result = await client.callTool({ name: 'check_order', arguments: { order } });
		expect(result.isError).toBeFalsy();
		const content = result.content as Array<{ type: string; text: string }>;
		expect(content).toHaveLength(1);
		expect(JSON.parse(content[0].text)).toEqual([order]);
		expect(await moduleRequests()).toEqual([
			['POST', `${SCRIPT}/echo`, `Bearer ${state.sandboxKey}`, order],
		]);
	});

	test("tools/call of a failing method: the module's status and text reach the client", async () => {
		const result = await client.callTool({
			name: 'ship_order',
			arguments: { order: { orderId: 42 } },
		});
		expect(result.isError).toBe(true);
		const content = result.content as Array<{ type: string; text: string }>;
		expect(content[0].text).toContain('ELMA365 422: Order cannot be shipped: it is closed');
	});
});
