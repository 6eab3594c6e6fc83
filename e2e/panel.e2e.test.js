/**
 * The node panel as a user reads it, in headless Chromium (Debian's package, driven by
 * playwright-core; every host but 127.0.0.1 blocked): searching "ELMA365" under "What happens
 * next?" and under "What triggers this workflow?", the text each entry shows.
 *
 * n8n 2.41.1 merges a trigger into the node whose type name is the trigger's without "Trigger"
 * (ELMA365 App Trigger into ELMA365 App, also GitHub Trigger into GitHub) and shows the trigger's
 * description on the merged entry in both views and in the node details it opens (editor-ui
 * useActionsGeneration.ts, generateMergedNodesAndActions). So the area triggers' descriptions say
 * what the pair does; each action entry shows its operation's `action`, each trigger entry its
 * event's.
 *
 * Also retakes the README's screenshot of the case update form (scripts/screenshot-case-update.mjs)
 * into e2e/artifacts/, which checks the form it shows.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { openPage, signIn } = require('./chromium');

const root = path.resolve(__dirname, '..');
const stateFile = process.env.E2E_STATE ?? path.join(root, '.e2e', 'e2e-state.json');
const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
const artifacts = path.join(__dirname, 'artifacts');

/** The built node types (dist/, what the packed package holds): their operations' and events' names. */
function described(node) {
	const Node = require(path.join(root, 'dist', 'nodes', node, `${node}.node.js`))[node];
	return new Node().description;
}
/** The `action` of each option of the parameters named `name` (operations, or a trigger's events). */
const actionsOf = (node, name) =>
	described(node)
		.properties.filter((property) => property.name === name)
		.flatMap((property) => property.options.map((option) => option.action));

/** The entries the ELMA365 search shows for an action node and its trigger: one, merged. */
const PAIRS = [
	{
		entry: 'ELMA365 App',
		node: 'Elma365App',
		trigger: 'Elma365AppTrigger',
		description:
			'Create, read, update and set the status of ELMA365 application items, or start the workflow when items appear, change or enter a status',
	},
	{
		entry: 'ELMA365 Task',
		node: 'Elma365Task',
		trigger: 'Elma365TaskTrigger',
		description:
			"List, complete and reassign ELMA365 tasks, or start the workflow when a task appears in a user's task list",
	},
	{
		entry: 'ELMA365 Process',
		node: 'Elma365Process',
		trigger: 'Elma365ProcessTrigger',
		description:
			'Start ELMA365 business processes and control their instances, or start the workflow when a process is started from a template',
	},
];

let browser;
let page;

beforeAll(async () => {
	fs.mkdirSync(artifacts, { recursive: true });
	({ browser, page } = await openPage());
	// Leaving a workflow with an added node asks before unloading: leave.
	page.on('dialog', (dialog) => dialog.accept());
	await signIn(page, state);
});

afterAll(async () => {
	await browser?.close();
});

const exactly = (text) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
const searchBar = () =>
	page
		.locator('[data-test-id="node-creator-search-bar"] input, input[placeholder^="Search"]')
		.first();

/** A workflow with a manual trigger (so the panel asks what happens next), or an empty one. */
async function openWorkflow(withTrigger) {
	if (!withTrigger) {
		await page.goto(`${state.n8nUrl}/workflow/new`);
	} else {
		const created = await fetch(`${state.n8nUrl}/api/v1/workflows`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
			body: JSON.stringify({
				name: 'Node panel check',
				nodes: [
					{
						id: '0f9a1c2e-0000-4000-8000-000000000900',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						parameters: {},
						position: [0, 0],
					},
				],
				connections: {},
				settings: { executionOrder: 'v1' },
			}),
		});
		expect(created.status).toBe(200);
		await page.goto(`${state.n8nUrl}/workflow/${(await created.json()).id}`);
	}
	await page.locator('[data-test-id="node-creator-plus-button"]').first().click({ timeout: 30000 });
	await searchBar().waitFor({ state: 'visible', timeout: 15000 });
}

/** The entries shown for `query`: each entry's name and the description under it. */
async function entriesFor(query) {
	await searchBar().fill(query);
	await page
		.locator('[data-test-id="node-creator-item-name"]')
		.filter({ hasText: new RegExp(query, 'i') })
		.first()
		.waitFor({ state: 'visible', timeout: 15000 });
	const items = page.locator(
		'[data-test-id="node-creator-action-item"], [data-test-id="node-creator-node-item"]',
	);
	const shown = {};
	for (const item of await items.all()) {
		const name = (await item.locator('[data-test-id="node-creator-item-name"]').innerText()).trim();
		const description = item.locator('[data-test-id="node-creator-item-description"]');
		shown[name] = (await description.count()) ? (await description.innerText()).trim() : '';
	}
	return shown;
}

/** Opens `entry` of the search: its node details, the description at its head and its lists. */
async function openEntry(entry) {
	await searchBar().fill(entry);
	await page
		.locator('[data-test-id="node-creator-item-name"]')
		.filter({ hasText: exactly(entry) })
		.first()
		.click({ timeout: 15000 });
	await page
		.locator('[data-test-id="node-creator-category-item"]')
		.first()
		.waitFor({ state: 'visible', timeout: 15000 });
	return {
		categories: await page.locator('[data-test-id="node-creator-category-item"]').allInnerTexts(),
		listed: (await page.locator('[data-test-id="node-creator-item-name"]').allInnerTexts()).map(
			(name) => name.trim(),
		),
		headed: await page.getByText(PAIRS.find((pair) => pair.entry === entry).description).count(),
	};
}

const VIEWS = [
	{ title: 'What happens next?', withTrigger: true },
	{ title: 'What triggers this workflow?', withTrigger: false },
];

describe.each(VIEWS)('$title', ({ title, withTrigger }) => {
	test("searching ELMA365: App, Task and Process show what the node and its trigger do, as n8n's own GitHub entry shows its trigger's description", async () => {
		await openWorkflow(withTrigger);
		await page.getByText(title, { exact: true }).first().waitFor({ state: 'visible' });
		// The rule the ELMA365 descriptions are written for: n8n's own merged entry.
		expect(await entriesFor('GitHub')).toMatchObject({
			GitHub: 'Starts the workflow when Github events occur',
		});
		const shown = await entriesFor('ELMA365');
		await page.screenshot({
			path: path.join(artifacts, `panel-${withTrigger ? 'next' : 'triggers'}-search.png`),
		});
		for (const { entry, description } of PAIRS) expect(shown[entry]).toBe(description);
		// No entry that adds an action node reads as a trigger.
		const actionEntries = Object.entries(shown).filter(([name]) => name !== 'ELMA365 Event');
		expect(actionEntries.filter(([, text]) => /^Starts the workflow/.test(text))).toEqual([]);
		if (!withTrigger)
			expect(shown['ELMA365 Event']).toMatch(/^Starts the workflow the moment an ELMA365 item/);
	});

	test.each(PAIRS)(
		'$entry opens on the same description, its actions and its triggers, each by what it does',
		async ({ entry, node, trigger }) => {
			await openWorkflow(withTrigger);
			const opened = await openEntry(entry);
			await page.screenshot({
				path: path.join(
					artifacts,
					`panel-${withTrigger ? 'next' : 'triggers'}-${entry.replace(/\W+/g, '-')}.png`,
				),
			});
			expect(opened.headed).toBeGreaterThan(0);
			const actions = actionsOf(node, 'operation');
			const events = actionsOf(trigger, 'event');
			// Actions first where the workflow has a trigger, triggers first where it has none.
			expect(opened.categories).toEqual(
				withTrigger
					? [`Actions (${actions.length})`, `Triggers (${events.length})`]
					: [`Triggers (${events.length})`, `Actions (${actions.length})`],
			);
			// The open category lists its entries: the operations' actions, or the events'.
			const open = withTrigger ? actions : events;
			expect(opened.listed).toEqual(expect.arrayContaining(open));
			expect(opened.listed.filter((name) => name !== entry)).toHaveLength(open.length);
		},
	);
});

test("the README's case update screenshot can be retaken, and shows the form as it opens", () => {
	const out = path.join(artifacts, 'case-update-form.png');
	fs.rmSync(out, { force: true });
	const printed = execFileSync(
		process.execPath,
		[path.join(root, 'scripts', 'screenshot-case-update.mjs'), '--state', stateFile, '--out', out],
		{ cwd: root, encoding: 'utf8' },
	);
	expect(printed).toContain('wrote ');
	expect(fs.statSync(out).size).toBeGreaterThan(10000);
}, 120000);
