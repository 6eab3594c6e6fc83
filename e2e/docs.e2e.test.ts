/**
 * The documentation's commands, run from the pages' own text (e2e/docBlocks.ts) against the e2e
 * stack: a block marked `<!-- docs-test: run <name> -->` is run by bash as written, with only the
 * demo's addresses replaced by the stack's, and must succeed (every curl answered 2xx and, where it
 * answers JSON, `success` true). The Event Trigger recipe of docs/development.md is followed step
 * by step: the trigger set as step 1 names it, then the page's curl lines, and the workflow runs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
	type Execution,
	activateTrigger,
	deactivate,
	executionsOf,
	finished,
	storedSubscriptions,
	triggerItem,
} from './connector';
import { type DocBlock, REPO, RUN_ELSEWHERE, runnable, substitute } from './docBlocks';
import { PACKAGE, n8nApi, state } from './helpers';
import { properties as eventTriggerProperties } from '../nodes/Elma365EventTrigger/description';

const run = promisify(execFile);

/**
 * Runs a block as a user's shell would, stopping at the first failure; curl fails on an HTTP error
 * (`--fail-with-body`) and each answer ends its own line. `placeholders` are the page's own (such
 * as `<your secret>`), replaced as the page tells the user to. Answers the output and the JSON
 * answers in it, each that carries the API's envelope checked to say `success: true`.
 */
async function runBlock(block: DocBlock, placeholders: Record<string, string> = {}) {
	let text = substitute(block.text, state);
	for (const [placeholder, value] of Object.entries(placeholders))
		text = text.replaceAll(placeholder, value);
	const script = [
		'set -euo pipefail',
		'curl() { command curl --fail-with-body --silent --show-error "$@"; echo; }',
		text,
	].join('\n');
	const { stdout } = await run('bash', ['-c', script], { cwd: REPO, timeout: 60_000 });
	const answers = stdout
		.split('\n')
		.filter((line) => line.trim().startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	const where = `${block.page}:${block.line}`;
	// The public API's envelope must say success; a module method's own answer has none.
	for (const answer of answers)
		if ('success' in answer) expect([where, answer.success]).toEqual([where, true]);
	return { stdout, answers };
}

const blocks = runnable();
const ran = new Set<string>(Object.keys(RUN_ELSEWHERE));
function block(name: string): DocBlock {
	const found = blocks.get(name);
	if (!found) throw new Error(`no block is marked "docs-test: run ${name}"`);
	ran.add(name);
	return found;
}

/** The text of step `n` of the recipe (from "n. " to the next step). */
function recipeStep(n: number): string {
	const page = blocks.get('event-trigger-create-deal')!.page;
	const text = fs.readFileSync(path.join(REPO, page), 'utf8');
	const recipe = text.slice(text.indexOf('### Make an ELMA365 event fire'));
	const start = recipe.indexOf(`\n${n}. `);
	return recipe.slice(start, recipe.indexOf(`\n${n + 1}. `, start));
}

/** What the editor lists for a parameter of the Event Trigger, asked as the editor asks. */
async function editorOptions(methodName: string, path: string) {
	const response = await fetch(`${state.n8nUrl}/rest/dynamic-node-parameters/options`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', cookie: state.cookie },
		body: JSON.stringify({
			nodeTypeAndVersion: { name: 'n8n-nodes-elma365.elma365EventTrigger', version: 1 },
			currentNodeParameters: { events: ['item.created'] },
			credentials: { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } },
			methodName,
			path,
		}),
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: Array<{ name: string; value: string }> }).data;
}

/** The Event Trigger's options of `parameter`, as its description lists them. */
function describedOptions(parameter: string): Array<{ name: string; value: string }> {
	const property = eventTriggerProperties.find((p) => p.name === parameter);
	return property!.options as Array<{ name: string; value: string }>;
}

describe('Make an ELMA365 event fire (docs/development.md), as written', () => {
	let workflowId: string;
	let url: string;
	const executions: Execution[] = [];

	afterAll(async () => {
		if (workflowId) await deactivate(workflowId);
	});

	test('step 1: the trigger with the events and the application the step names subscribes', async () => {
		const step = recipeStep(1);
		const eventName = /Events\s+\*\*([^*]+)\*\*/.exec(step)![1];
		const applicationName = /Applications\s+\*\*([^*]+)\*\*/.exec(step)![1];
		const event = describedOptions('events').find((o) => o.name === eventName);
		const application = (await editorOptions('getApplications', 'parameters.applications')).find(
			(o) => o.name === applicationName,
		);
		expect([event?.value, application?.value]).toEqual(['item.created', 'crm/deals']);
		({ workflowId, url } = await activateTrigger('docs: make an ELMA365 event fire', {
			events: [event!.value],
			applications: [application!.value],
		}));
		expect((await storedSubscriptions()).map((s) => s.url)).toContain(url);
	});

	test("step 2: the page's curl creates a deal and the workflow runs once with it", async () => {
		const {
			answers: [answer],
		} = await runBlock(block('event-trigger-create-deal'));
		const deal = answer.item as Record<string, unknown>;
		expect(deal).toMatchObject({ __name: expect.any(String), amount: expect.anything() });
		const [execution] = await finished(workflowId, 1);
		expect(execution.status).toBe('success');
		expect(triggerItem(execution)).toMatchObject({
			event: 'item.created',
			namespace: 'crm',
			application: 'deals',
			item: { __id: deal.__id, __name: deal.__name, amount: deal.amount },
		});
		executions.push(execution);
	});

	test("step 3: the page's curl fires the handler for a seeded deal; n8n answers 200", async () => {
		const {
			answers: [answer],
		} = await runBlock(block('event-trigger-fire'));
		expect(
			(answer.deliveries as Array<{ url: string; status: number }>).map((d) => d.status),
		).toEqual([200]);
		const all = await finished(workflowId, executions.length + 1);
		expect(all.map((e) => e.status)).toEqual(['success', 'success']);
		expect(triggerItem(all[1])).toMatchObject({
			namespace: 'crm',
			application: 'deals',
			item: { __id: '7a000000-0000-4000-8000-0000000000a1' },
		});
	});

	test("step 4: the page's curl lists the trigger's subscription and the handler runs", async () => {
		const {
			answers: [subscriptions, events],
		} = await runBlock(block('event-trigger-subscriptions'));
		expect((subscriptions.subscriptions as Array<{ url: string }>).map((s) => s.url)).toContain(
			url,
		);
		expect(events.events).toEqual(expect.arrayContaining([expect.anything()]));
		expect(await executionsOf(workflowId)).toHaveLength(2);
	});
});

/** The example's Webhook path, `elma365-webhook-block/<secret>`. */
function webhookBlockExample() {
	const file = path.join(REPO, 'examples', 'receive-webhook-block.json');
	const workflow = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		nodes: Array<{ type: string; parameters: Record<string, unknown>; credentials?: unknown }>;
	};
	const hook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook')!.parameters
		.path as string;
	return { workflow, hook };
}

/**
 * The example imported and active, as the page says (the ELMA365 sandbox credential on its
 * ELMA365 node): an active copy another suite left is used as it is. Answers the copy made here.
 */
async function activeWebhookBlock(): Promise<string | undefined> {
	const { workflow, hook } = webhookBlockExample();
	const active = await n8nApi('GET', '/workflows?active=true&limit=250');
	const serving = (active.json.data as Array<{ nodes: Array<{ parameters: { path?: string } }> }>)
		.flatMap((w) => w.nodes)
		.some((node) => node.parameters.path === hook);
	if (serving) return undefined;
	for (const node of workflow.nodes)
		if (node.type.startsWith(`${PACKAGE}.`))
			node.credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	const created = await n8nApi('POST', '/workflows', workflow);
	const id = created.json.id as string;
	expect((await n8nApi('POST', `/workflows/${id}/activate`)).status).toBe(200);
	// Until n8n serves the production webhook (a CORS preflight runs nothing).
	for (let attempt = 0; attempt < 40; attempt++) {
		const response = await fetch(`${state.n8nUrl}/webhook/${hook}`, {
			method: 'OPTIONS',
			headers: { origin: 'https://elma365.example', 'access-control-request-method': 'POST' },
		});
		if ((response.headers.get('access-control-allow-methods') ?? '').includes('POST')) break;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return id;
}

test("docs/webhook-block.md: the page's three calls of the imported block are answered 200", async () => {
	const made = await activeWebhookBlock();
	try {
		const secret = webhookBlockExample().hook.split('/')[1];
		const { stdout } = await runBlock(block('webhook-block-try'), { '<your secret>': secret });
		expect(stdout.match(/^HTTP\/[\d.]+ \d+/gm)).toEqual([
			'HTTP/1.1 200',
			'HTTP/1.1 200',
			'HTTP/1.1 200',
		]);
	} finally {
		if (made) await deactivate(made);
	}
});

test('every other runnable block runs and succeeds', async () => {
	for (const [name, found] of blocks) {
		if (ran.has(name)) continue;
		await runBlock(found);
		ran.add(name);
	}
	expect([...blocks.keys()].filter((name) => !ran.has(name))).toEqual([]);
});
