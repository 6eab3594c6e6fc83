/**
 * Browser check: headless Chromium (Debian's package) driven by playwright-core, every host but
 * 127.0.0.1 blocked. Logs in, opens a new workflow, finds each ELMA365 node in the node panel,
 * sees each area trigger's entries under its action node and adds each, opens the sample's Nomenclature case update and sees every field of the form, adds a
 * fresh node of each kind and sees no false alarm (no red notice, no error in n8n's log), and walks
 * the pickers:
 * - through n8n's list route (`/rest/dynamic-node-parameters/resource-locator-results`, what the
 *   editor asks when a picker opens): every picker of every node x resource x operation (or event),
 *   read from the node descriptions (e2e/pickerPaths.js), every choice of each list picked in turn
 *   (parents first) down to the last picker, no list on the way left empty;
 * - in the browser: each list method once (opened, its choices seen, one picked, parents first);
 * - to output: the process templates, applications, report and task exits, run through n8n;
 * - a form built without an ID: Process > Start with the approver picked by name and the amount
 *   typed as `2500.00 EUR`, executed in the editor, the sandbox receiving the exact context.
 * Screenshots go to e2e/artifacts/.
 */
const fs = require('node:fs');
const path = require('node:path');
const { openPage, signIn } = require('./chromium');
const { pickerForms, withPicked } = require('./pickerPaths');

const root = path.resolve(__dirname, '..');
const state = JSON.parse(
	fs.readFileSync(process.env.E2E_STATE ?? path.join(root, '.e2e', 'e2e-state.json'), 'utf8'),
);
const artifacts = path.join(__dirname, 'artifacts');
const NODES = [
	'ELMA365 App',
	'ELMA365 Channel',
	'ELMA365 Contract',
	'ELMA365 File',
	'ELMA365 Marketing',
	'ELMA365 Module',
	'ELMA365 Nomenclature',
	'ELMA365 Process',
	'ELMA365 Report',
	'ELMA365 Scheme',
	'ELMA365 Storage',
	'ELMA365 Task',
	'ELMA365 Telephony',
	'ELMA365 User',
];
const CASE_FIELDS = [
	'Case',
	'Directory',
	'Document Flow',
	'Name',
	'Registration Settings',
	'Automatic Numbering',
	'Continuous Numbering',
	'Continuous Numbering ID',
	'Edit After Registration',
	'Minimum Number Length',
	'Number Template',
	'Periodic Reset',
	'Reserve Numbers',
	'Reset Settings',
	'Next Reset At',
	'Reset Period',
	'Reset Period Count',
];

/**
 * A fresh node of each kind: what the node panel adds (the resource and
 * operation picked, every other parameter at its default; a field mapper's default value, which the
 * editor's mapper needs to load its fields). The forms whose pickers and mappers load at once.
 */
const MAPPER = { mappingMode: 'defineBelow', value: null };
const FRESH_NODES = [
	['App create', 'elma365App', { resource: 'item', operation: 'create', columns: MAPPER }],
	['App update', 'elma365App', { resource: 'item', operation: 'update', columns: MAPPER }],
	[
		'Contract create',
		'elma365Contract',
		{ resource: 'item', operation: 'create', columns: MAPPER },
	],
	[
		'Contract update',
		'elma365Contract',
		{ resource: 'item', operation: 'update', columns: MAPPER },
	],
	['Process start', 'elma365Process', { resource: 'process', operation: 'start', columns: MAPPER }],
	// A money field just added to the mapping, still empty (the sandbox's crm.deals "amount"), as the mapper lists it.
	[
		'App money field',
		'elma365App',
		{
			resource: 'item',
			operation: 'create',
			namespace: { __rl: true, mode: 'list', value: 'crm' },
			application: { __rl: true, mode: 'list', value: 'deals' },
			columns: {
				mappingMode: 'defineBelow',
				value: { amount: null },
				matchingColumns: [],
				schema: [
					{
						id: '__name',
						displayName: 'Name',
						required: true,
						defaultMatch: false,
						canBeUsedToMatch: false,
						display: true,
						type: 'string',
						platformType: 'STRING',
					},
					{
						id: 'amount',
						displayName: 'Amount',
						required: false,
						defaultMatch: false,
						canBeUsedToMatch: false,
						display: true,
						type: 'string',
						platformType: 'MONEY',
						removed: false,
					},
				],
			},
		},
	],
	['Case update', 'elma365Nomenclature', { resource: 'case', operation: 'update' }],
	['File', 'elma365File', {}],
	['Marketing', 'elma365Marketing', {}],
	['Report', 'elma365Report', {}],
	['Scheme', 'elma365Scheme', {}],
	['Telephony', 'elma365Telephony', {}],
	['Storage', 'elma365Storage', {}],
	['Module', 'elma365Module', {}],
	['User', 'elma365User', {}],
	['Task complete', 'elma365Task', { resource: 'task', operation: 'complete' }],
	['Task list', 'elma365Task', { resource: 'task', operation: 'getAll' }],
	['App comments', 'elma365App', { resource: 'comment', operation: 'getAll' }],
	['Channel message', 'elma365Channel', { resource: 'message', operation: 'create' }],
	['App trigger', 'elma365AppTrigger', {}],
];
/** What a false alarm looks like in the node's form: the old mapper notice, a failed list or mapper load. */
const ALARMS = [
	'lists no fields',
	'Error fetching',
	'Could not load',
	'Problem loading',
	'could not be loaded',
];
/** What a method that failed leaves in n8n's log: a stack trace or our own words. */
const LOG_ALARM = /^\s+at |NodeOperationError|NodeApiError|Choose the .* first/;
const N8N_LOG = path.join(root, '.e2e', 'n8n-e2e.log');

let browser;
let page;

beforeAll(async () => {
	fs.mkdirSync(artifacts, { recursive: true });
	({ browser, page } = await openPage());
});

afterAll(async () => {
	await browser?.close();
});

test('log in as the owner', async () => {
	await signIn(page, state);
	await page.screenshot({ path: path.join(artifacts, 'after-login.png') });
});

/**
 * The area triggers as n8n's panel shows them: each merged into its action node (`<name>Trigger`
 * beside `<name>`), with its events under Triggers.
 */
const PANEL_TRIGGERS = [
	{
		node: 'ELMA365 App',
		trigger: 'ELMA365 App Trigger',
		entries: {
			'On new item': 'New Application Item',
			'On updated item': 'Updated Application Item',
			'On item entered a status': 'Item Entered a Status',
		},
	},
	{
		node: 'ELMA365 Process',
		trigger: 'ELMA365 Process Trigger',
		entries: { 'On new process instance': 'New Process Instance' },
	},
	{ node: 'ELMA365 Task', trigger: 'ELMA365 Task Trigger', entries: { 'On new task': 'New Task' } },
];

describe("the node panel's trigger entries", () => {
	const exactly = (text) => new RegExp(`^\\s*${text}\\s*$`);
	const itemNames = () => page.locator('[data-test-id="node-creator-item-name"]');

	/** A new, empty workflow with the node panel open on its search. */
	async function openPanel() {
		await page.goto(`${state.n8nUrl}/workflow/new`);
		await page
			.locator('[data-test-id="node-creator-plus-button"]')
			.first()
			.click({ timeout: 30000 });
		return page
			.locator('[data-test-id="node-creator-search-bar"] input, input[placeholder^="Search"]')
			.first();
	}

	/** Searches `name` and opens its entry: the node's details with its Triggers and Actions. */
	async function openNode(search, name) {
		await search.fill(name);
		await itemNames()
			.filter({ hasText: exactly(name) })
			.first()
			.click({ timeout: 15000 });
		await page
			.locator('[data-test-id="node-creator-category-item"]')
			.first()
			.waitFor({ state: 'visible', timeout: 15000 });
	}

	/** The category headers shown, e.g. ['Triggers (3)', 'Actions (14)']. */
	const categories = () =>
		page.locator('[data-test-id="node-creator-category-item"]').allInnerTexts();

	beforeAll(() => {
		// Leaving a workflow with an added node asks before unloading: leave.
		page.on('dialog', (dialog) => dialog.accept());
	});

	test('a new workflow: searching ELMA365 lists every ELMA365 node, and no catch-all ELMA365 Trigger', async () => {
		const search = await openPanel();
		for (const query of ['ELMA365', 'ELMA365 Trigger']) {
			await search.fill(query);
			await itemNames()
				.filter({ hasText: exactly('ELMA365 App') })
				.first()
				.waitFor({ state: 'visible', timeout: 15000 });
			const names = (await itemNames().allInnerTexts()).map((name) => name.trim());
			expect(names).toEqual(expect.arrayContaining(NODES));
			expect(names).not.toContain('ELMA365 Trigger');
		}
		await page.screenshot({ path: path.join(artifacts, 'panel-search-triggers.png') });
	});

	for (const { node, trigger, entries } of PANEL_TRIGGERS) {
		test(`${node} lists its trigger entries, and each adds ${trigger} with its Event`, async () => {
			for (const [entry, event] of Object.entries(entries)) {
				const search = await openPanel();
				await openNode(search, node);
				const shot = `panel-${node.replace(/\W+/g, '-')}.png`;
				await page.screenshot({ path: path.join(artifacts, shot) });
				expect(await categories()).toEqual(
					expect.arrayContaining([`Triggers (${Object.keys(entries).length})`]),
				);
				expect(
					await page.locator('[data-test-id="actions-panel-no-triggers-callout"]').count(),
				).toBe(0);
				for (const listed of Object.keys(entries))
					await page
						.locator('[data-test-id="node-creator-item-name"]')
						.filter({ hasText: exactly(listed) })
						.first()
						.waitFor({ state: 'visible', timeout: 15000 });
				await page
					.locator('[data-test-id="node-creator-item-name"]')
					.filter({ hasText: exactly(entry) })
					.first()
					.click();
				const ndv = page.locator('[data-test-id="ndv"]').first();
				await ndv.waitFor({ state: 'visible', timeout: 30000 });
				const eventInput = ndv.locator('[data-test-id="parameter-input-event"] input').first();
				await eventInput.waitFor({ state: 'visible', timeout: 15000 });
				expect(await eventInput.inputValue()).toBe(event);
				await page.keyboard.press('Escape');
				await ndv.waitFor({ state: 'hidden', timeout: 15000 });
				await page
					.locator('[data-test-id="canvas-node"]')
					.filter({ hasText: trigger })
					.first()
					.waitFor({ state: 'visible', timeout: 15000 });
			}
		}, 180000);
	}

	// With a trigger in place, App, Task and Process open on their actions and triggers (panel.e2e,
	// "What happens next?"); the nodes without a trigger open on their actions alone.
	test('with a trigger in place, the nodes without a trigger open on their actions', async () => {
		for (const node of ['ELMA365 Channel', 'ELMA365 Storage']) {
			// A fresh page each time: the panel stacks its views, and an old one would answer for the new.
			await openNode(await openPanel(), 'ELMA365 Task');
			await page
				.locator('[data-test-id="node-creator-item-name"]')
				.filter({ hasText: exactly('On new task') })
				.first()
				.click();
			const ndv = page.locator('[data-test-id="ndv"]').first();
			await ndv.waitFor({ state: 'visible', timeout: 30000 });
			await page.keyboard.press('Escape');
			await ndv.waitFor({ state: 'hidden', timeout: 15000 });
			await page.locator('[data-test-id="node-creator-plus-button"]').first().click();
			const actionsSearch = page
				.locator('[data-test-id="node-creator-search-bar"] input, input[placeholder^="Search"]')
				.first();
			await openNode(actionsSearch, node);
			await page.screenshot({
				path: path.join(artifacts, `panel-actions-${node.replace(/\W+/g, '-')}.png`),
			});
			const shown = await categories();
			expect(shown).toHaveLength(1);
			expect(shown[0]).toMatch(/^Actions \(\d+\)$/);
		}
	}, 300000);
});

test('the sample case update shows every field of the form', async () => {
	await page.goto(`${state.n8nUrl}/workflow/${state.sampleWorkflowId}`);
	// The node's label sits under its box, over the canvas pane: double-click the box itself.
	const node = page
		.locator('[data-test-id="canvas-node"]')
		.filter({ hasText: 'Update case' })
		.first();
	await node.waitFor({ state: 'visible', timeout: 30000 });
	await page.keyboard.press('Escape');
	await node.dblclick({ timeout: 15000 });
	await page
		.getByText('Document Flow', { exact: true })
		.first()
		.waitFor({ state: 'visible', timeout: 15000 })
		.catch(async (error) => {
			await page.screenshot({ path: path.join(artifacts, 'case-update-not-open.png') });
			fs.writeFileSync(
				path.join(artifacts, 'test-ids.txt'),
				(
					await page
						.locator('[data-test-id]')
						.evaluateAll((els) => els.map((e) => e.getAttribute('data-test-id')))
				).join('\n'),
			);
			throw error;
		});
	const ndv = page.locator('[data-test-id="ndv"]').or(page.locator('body')).first();
	await page.screenshot({ path: path.join(artifacts, 'case-update-form.png') });
	const missing = [];
	for (const label of CASE_FIELDS) {
		const visible = ndv
			.locator('[data-test-id="parameter-input-label"], label, .n8n-input-label, span, div')
			.filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
			.first();
		await visible.scrollIntoViewIfNeeded({ timeout: 5000 }).catch(() => undefined);
		if (!(await visible.isVisible())) missing.push(label);
	}
	await page.screenshot({ path: path.join(artifacts, 'case-update-form-scrolled.png') });
	expect(missing).toEqual([]);
});

test('a fresh node of each kind shows no false alarm, and n8n logs no error meanwhile', async () => {
	const logStart = fs.existsSync(N8N_LOG) ? fs.statSync(N8N_LOG).size : 0;
	const credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	const nodes = FRESH_NODES.map(([name, type, parameters], index) => ({
		id: `0f9a1c2e-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
		name,
		type: `n8n-nodes-elma365.${type}`,
		typeVersion: 1,
		parameters,
		credentials,
		position: [index * 240, 400],
	}));
	const created = await fetch(`${state.n8nUrl}/api/v1/workflows`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
		body: JSON.stringify({
			name: 'Fresh ELMA365 nodes',
			nodes,
			connections: {},
			settings: { executionOrder: 'v1' },
		}),
	});
	expect(created.status).toBe(200);
	const { id } = await created.json();

	const alarms = [];
	const lists = editorListRequests(page);
	await page.goto(`${state.n8nUrl}/workflow/${id}`);
	for (const [name] of FRESH_NODES) {
		const node = page.locator('[data-test-id="canvas-node"]').filter({ hasText: name }).first();
		await node.waitFor({ state: 'visible', timeout: 30000 });
		await page.keyboard.press('Escape');
		await node.dblclick({ timeout: 15000 });
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor({ state: 'visible', timeout: 30000 });
		// Pickers and field mappers load when the form opens.
		await lists.settled();
		const text = await ndv.innerText();
		const shot = `fresh-${name.replace(/\W+/g, '-')}.png`;
		await page.screenshot({ path: path.join(artifacts, shot) });
		for (const alarm of ALARMS)
			if (text.includes(alarm)) alarms.push(`${name}: "${alarm}" (${shot})`);
		// An empty JSON editor marks itself with a lint error; no field of a fresh form may show one.
		if ((await ndv.locator('.cm-lint-marker-error').count()) > 0)
			alarms.push(`${name}: a JSON editor marked as an error (${shot})`);
		await page.keyboard.press('Escape');
		await ndv.waitFor({ state: 'hidden', timeout: 15000 });
	}
	const log = fs.existsSync(N8N_LOG) ? fs.readFileSync(N8N_LOG, 'utf8').slice(logStart) : '';
	const logged = log.split('\n').filter((line) => LOG_ALARM.test(line));
	lists.stop();
	expect(alarms).toEqual([]);
	expect(logged.slice(0, 20)).toEqual([]);
}, 600000);

/**
 * The editor's requests for lists and mapper fields (n8n's `/rest/dynamic-node-parameters/` routes)
 * as the page sends them: `settled()` resolves once none has been open for `quietMs` (a form asks as
 * it opens, a little after it shows), at the latest after `maxMs`.
 */
function editorListRequests(page, quietMs = 800, maxMs = 10000) {
	const open = new Set();
	let lastChange = Date.now();
	const isList = (request) => request.url().includes('/rest/dynamic-node-parameters/');
	const started = (request) => {
		if (!isList(request)) return;
		open.add(request);
		lastChange = Date.now();
	};
	const ended = (request) => {
		if (!open.delete(request)) return;
		lastChange = Date.now();
	};
	page.on('request', started);
	page.on('requestfinished', ended);
	page.on('requestfailed', ended);
	return {
		async settled() {
			lastChange = Date.now();
			const until = Date.now() + maxMs;
			while (Date.now() < until && (open.size > 0 || Date.now() - lastChange < quietMs))
				await page.waitForTimeout(100);
		},
		stop() {
			page.off('request', started);
			page.off('requestfinished', ended);
			page.off('requestfailed', ended);
		},
	};
}

/**
 * Every picker path of the sandbox, asked the way the editor asks (n8n's dynamic-node-parameters
 * routes with the owner's session), each path run through n8n to its output: no list that leads
 * nowhere, no template whose fields cannot be seen, no report that cannot be reached.
 */
describe('every picker path of the sandbox ends in real output', () => {
	const credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	const picked = (value) => ({ __rl: true, mode: 'list', value });
	let run = 0;

	async function editorAsks(route, node, parameters, extra) {
		const response = await fetch(`${state.n8nUrl}/rest/dynamic-node-parameters/${route}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie: state.cookie },
			body: JSON.stringify({
				nodeTypeAndVersion: { name: `n8n-nodes-elma365.${node}`, version: 1 },
				currentNodeParameters: parameters,
				credentials,
				...extra,
			}),
		});
		const body = await response.json();
		if (response.status !== 200) throw new Error(`${route}: ${JSON.stringify(body)}`);
		return body.data;
	}

	/** What a picker lists: `[value, ...]`. */
	async function choices(node, parameters, parameter, methodName) {
		const { results } = await editorAsks('resource-locator-results', node, parameters, {
			path: `parameters.${parameter}`,
			methodName,
		});
		return results.map((result) => result.value);
	}

	async function mapperFields(node, parameters, methodName) {
		const { fields } = await editorAsks('resource-mapper-fields', node, parameters, {
			path: 'parameters.columns',
			methodName,
		});
		return fields;
	}

	/** Runs `Webhook -> node` once through n8n and returns the node's output items. */
	async function output(node, parameters) {
		const hook = `picker-path-${++run}`;
		const api = (method, url, body) =>
			fetch(`${state.n8nUrl}/api/v1${url}`, {
				method,
				headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
		const created = await api('POST', '/workflows', {
			name: `Picker path ${run}`,
			settings: { executionOrder: 'v1' },
			nodes: [
				{
					parameters: {
						httpMethod: 'POST',
						path: hook,
						responseMode: 'lastNode',
						responseData: 'allEntries',
						options: {},
					},
					id: `0f9a1c2e-0000-4000-8000-0000000002${String(run).padStart(2, '0')}`,
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: `0f9a1c2e-0000-4000-8000-0000000003${String(run).padStart(2, '0')}`,
				},
				{
					parameters,
					id: `0f9a1c2e-0000-4000-8000-0000000004${String(run).padStart(2, '0')}`,
					name: 'ELMA365',
					type: `n8n-nodes-elma365.${node}`,
					typeVersion: 1,
					position: [260, 0],
					credentials,
				},
			],
			connections: { Webhook: { main: [[{ node: 'ELMA365', type: 'main', index: 0 }]] } },
		});
		expect(created.status).toBe(200);
		const { id } = await created.json();
		expect((await api('POST', `/workflows/${id}/activate`)).status).toBe(200);
		for (let attempt = 0; ; attempt++) {
			const response = await fetch(`${state.n8nUrl}/webhook/${hook}`, { method: 'POST' });
			if (response.status === 404 && attempt < 20) {
				await response.arrayBuffer();
				await new Promise((resolve) => setTimeout(resolve, 250));
				continue;
			}
			const text = await response.text();
			if (response.status !== 200)
				throw new Error(`${node} ${JSON.stringify(parameters)}: ${text}`);
			return JSON.parse(text);
		}
	}

	test('Process > Start: every section, every template, its context fields, a started instance', async () => {
		const started = [];
		for (const section of await choices('elma365Process', {}, 'namespace', 'searchNamespaces')) {
			const located = { resource: 'process', operation: 'start', namespace: picked(section) };
			const templates = await choices(
				'elma365Process',
				located,
				'processCode',
				'searchProcessTemplates',
			);
			for (const template of templates) {
				const parameters = { ...located, processCode: picked(template) };
				const fields = await mapperFields('elma365Process', parameters, 'getProcessContextFields');
				expect(fields.length).toBeGreaterThan(0);
				// The labels are the field names: the value shapes are in the mapper's hint.
				for (const field of fields) expect(field.displayName).not.toMatch(/[({]/);
				const [first] = fields;
				const [instance] = await output('elma365Process', {
					...parameters,
					columns: {
						mappingMode: 'defineBelow',
						value: { [first.id]: `From the ${template} picker` },
						matchingColumns: [],
						schema: fields,
					},
				});
				expect(instance.context[first.id]).toBe(`From the ${template} picker`);
				started.push(`${section}/${template}`);
			}
		}
		expect(started).toEqual(expect.arrayContaining(['crm/approval', 'hr/onboarding']));
	}, 300000);

	test('App > Get Many: every section and every application lists items', async () => {
		const listed = [];
		for (const section of await choices('elma365App', {}, 'namespace', 'searchNamespaces')) {
			const located = { resource: 'item', operation: 'getAll', namespace: picked(section) };
			for (const application of await choices(
				'elma365App',
				located,
				'application',
				'searchApplications',
			)) {
				const items = await output('elma365App', {
					...located,
					application: picked(application),
					returnAll: true,
				});
				expect(items.length).toBeGreaterThan(0);
				listed.push(`${section}/${application}`);
			}
		}
		expect(listed).toEqual(
			expect.arrayContaining(['crm/deals', 'crm/companies', 'hr/employees', 'legal/contracts']),
		);
	}, 300000);

	test('Contract > Get Many: the contract section and its contract application lead to the contract', async () => {
		const sections = await choices('elma365Contract', {}, 'namespace', 'searchNamespaces');
		expect(sections).toContain('legal');
		const located = { resource: 'item', operation: 'getAll', namespace: picked('legal') };
		expect(await choices('elma365Contract', located, 'application', 'searchContracts')).toEqual([
			'contracts',
		]);
		const rows = await output('elma365Contract', {
			...located,
			application: picked('contracts'),
			returnAll: true,
		});
		expect(rows.map((row) => row.__name)).toEqual(['Supply contract']);
	}, 120000);

	test('Report > Get Many: the report section leads to the report and its rows', async () => {
		const sections = await choices('elma365Report', {}, 'namespace', 'searchNamespaces');
		expect(sections).toContain('sales');
		const located = { resource: 'item', operation: 'getAll', namespace: picked('sales') };
		// The report picker lists the section's report schemes where the node has one.
		// The packed package's own build (dist/), loaded with the repository's n8n-workflow.
		const { Elma365Report } = require(
			path.join(root, 'dist', 'nodes', 'Elma365Report', 'Elma365Report.node.js'),
		);
		const methods = Object.keys(new Elma365Report().methods.listSearch);
		const reportList = methods.find((name) => /report/i.test(name));
		if (reportList)
			expect(await choices('elma365Report', located, 'report', reportList)).toContain('monthly');
		const rows = await output('elma365Report', {
			...located,
			report: picked('monthly'),
			returnAll: true,
		});
		expect(rows).toEqual([
			{ __id: 'r1', month: '2026-01', total: 10 },
			{ __id: 'r2', month: '2026-02', total: 12 },
		]);
	}, 120000);

	test('Task > Get Exits: every task the picker lists has exits, and the exit picker shows them', async () => {
		const tasks = await choices(
			'elma365Task',
			{ resource: 'task', operation: 'getExits' },
			'taskId',
			'searchTasks',
		);
		expect(tasks.length).toBeGreaterThan(0);
		for (const task of tasks) {
			const exits = await choices(
				'elma365Task',
				{ resource: 'task', operation: 'complete', taskId: picked(task) },
				'exitId',
				'searchExits',
			);
			expect(exits).toEqual(['approve', 'reject']);
			const listed = await output('elma365Task', {
				resource: 'task',
				operation: 'getExits',
				taskId: picked(task),
			});
			expect(listed.length).toBeGreaterThan(0);
		}
	}, 120000);

	/** Every form with a picker, from the node descriptions (e2e/pickerPaths.js). */
	const FORMS = pickerForms();
	const formName = (form) => `${form.displayName} ${Object.values(form.chosen).join(' > ')}`.trim();
	/** Per form, the first chain of choices through every picker: `[{name, value}]`. */
	const chains = new Map();

	const asked = new Map();

	/**
	 * What a picker lists, `[{name, value}]`, every page of it, asked the way the editor asks: once
	 * per node, list method and parents' choices (a list depends on its parent pickers only, not on
	 * the operation).
	 */
	function offered(form, parameters, picker) {
		const parents = form.pickers
			.slice(0, form.pickers.indexOf(picker))
			.map((parent) => JSON.stringify(parameters[parent.parent?.[0] ?? parent.name]));
		const key = `${form.type} ${picker.method} ${parents.join(' ')}`;
		if (!asked.has(key))
			asked.set(
				key,
				(async () => {
					const all = [];
					let paginationToken;
					do {
						const page = await editorAsks('resource-locator-results', form.type, parameters, {
							path: picker.path,
							methodName: picker.method,
							...(paginationToken === undefined ? {} : { paginationToken }),
						});
						all.push(...page.results);
						paginationToken = page.paginationToken;
					} while (paginationToken !== undefined && paginationToken !== null);
					return all;
				})(),
			);
		return asked.get(key);
	}

	/**
	 * Walks every chain of choices through `form`'s pickers (parents first): each choice of each
	 * list, down to the last picker. Returns the number of whole chains; each empty list is pushed
	 * to `dead` as the form and the choices that led to it. The sandbox's lists are short (the
	 * widest form, Scheme > Group > Add Members, has a few dozen chains), so nothing is cut short.
	 */
	async function walkEvery(form, dead, index = 0, parameters = { ...form.chosen }, chain = []) {
		if (index === form.pickers.length) {
			if (!chains.has(form)) chains.set(form, chain);
			return 1;
		}
		const picker = form.pickers[index];
		const choices = await offered(form, parameters, picker);
		if (choices.length === 0) {
			// The picker by its place in the form (three rows of Group > Remove Members hold an `id`).
			const place = picker.path.replace(/^parameters\./, '');
			const path = [...chain.map((choice) => choice.name), `${place}: empty`];
			dead.push(`${formName(form)}: ${path.join(' > ')}`);
			return 0;
		}
		let whole = 0;
		for (const choice of choices)
			whole += await walkEvery(
				form,
				dead,
				index + 1,
				withPicked(parameters, picker, choice.value),
				[...chain, choice],
			);
		return whole;
	}

	test("every choice of every picker of every node, operation and event leads to a non-empty list, down to the last picker (the editor's list route)", async () => {
		expect(FORMS.length).toBeGreaterThan(50);
		const dead = [];
		let whole = 0;
		// A few forms at a time: each answer takes n8n a few hundred milliseconds.
		const queue = [...FORMS];
		await Promise.all(
			Array.from({ length: 6 }, async () => {
				for (let form = queue.shift(); form; form = queue.shift()) {
					// Not `whole += await ...`: that reads `whole` before the await, and the six walkers
					// would overwrite each other's counts.
					const chainsOfForm = await walkEvery(form, dead);
					whole += chainsOfForm;
				}
			}),
		);
		expect(dead.sort()).toEqual([]);
		expect(chains.size).toBe(FORMS.length);
		expect(whole).toBeGreaterThan(FORMS.length);
	}, 600000);

	test('in the browser, each list method once: open the list, see its choices, pick one (parents first)', async () => {
		// Per form, the pickers walked in the browser (from the first list method not yet walked to
		// the last); the parents before them are set as the list route's chain chose them.
		const seen = new Set();
		const walked = [];
		for (const form of FORMS) {
			const fresh = form.pickers.map((picker) => !seen.has(picker.method));
			for (const picker of form.pickers) seen.add(picker.method);
			if (!fresh.includes(true) || !chains.has(form)) continue;
			walked.push({ form, from: fresh.indexOf(true), to: fresh.lastIndexOf(true) });
		}
		const nodes = walked.map(({ form, from }, index) => ({
			id: `0f9a1c2e-0000-4000-8000-0000000006${String(index).padStart(2, '0')}`,
			name: `Pick ${String(index + 1).padStart(2, '0')}`,
			type: `n8n-nodes-elma365.${form.type}`,
			typeVersion: 1,
			// The rows of a row picker exist, empty, so their pickers show.
			parameters: form.pickers.reduce(
				(parameters, picker, at) =>
					withPicked(parameters, picker, at < from ? chains.get(form)[at].value : ''),
				{ ...form.chosen },
			),
			credentials,
			position: [(index % 8) * 240, Math.floor(index / 8) * 200],
		}));
		const created = await fetch(`${state.n8nUrl}/api/v1/workflows`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
			body: JSON.stringify({
				name: 'Every list method',
				nodes,
				connections: {},
				settings: { executionOrder: 'v1' },
			}),
		});
		expect(created.status).toBe(200);
		const { id } = await created.json();
		await page.goto(`${state.n8nUrl}/workflow/${id}`);
		const picked = [];
		for (const [index, { form, from, to }] of walked.entries()) {
			const node = page
				.locator('[data-test-id="canvas-node"]')
				.filter({ hasText: `Pick ${String(index + 1).padStart(2, '0')}` })
				.first();
			await node.waitFor({ state: 'visible', timeout: 30000 });
			await page.keyboard.press('Escape');
			await node.dblclick({ timeout: 15000 });
			const ndv = page.locator('[data-test-id="ndv"]').first();
			await ndv.waitFor({ state: 'visible', timeout: 30000 });
			const chain = chains.get(form);
			for (const [at, picker] of form.pickers.entries()) {
				if (at < from || at > to) continue;
				const shot = `pick-${form.type}-${picker.method}.png`;
				// Rows of several row pickers share a name: the n-th of that name.
				const nth = form.pickers.slice(0, at).filter((other) => other.name === picker.name).length;
				const locator = ndv.locator(`[data-test-id="resource-locator-${picker.name}"]`).nth(nth);
				await locator.scrollIntoViewIfNeeded({ timeout: 15000 });
				await locator.locator('[data-test-id="rlc-input"]').first().click();
				// The list opens in a popover outside the form.
				const items = page.locator('[data-test-id="rlc-item"]:visible');
				const choice = items.filter({ hasText: chain[at].name }).first();
				await choice.waitFor({ state: 'visible', timeout: 15000 }).catch(async (error) => {
					await page.screenshot({ path: path.join(artifacts, shot) });
					throw new Error(`${formName(form)} > ${picker.name}: ${error.message}`);
				});
				expect(await items.count()).toBeGreaterThan(0);
				await choice.click();
				const input = locator
					.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input')
					.first();
				for (let wait = 0; wait < 50 && (await input.inputValue()) !== chain[at].name; wait++)
					await page.waitForTimeout(100);
				expect(await input.inputValue()).toBe(chain[at].name);
				picked.push(picker.method);
			}
			await page.keyboard.press('Escape');
			await ndv.waitFor({ state: 'hidden', timeout: 15000 });
		}
		expect(new Set(picked)).toEqual(seen);
	}, 240000);

	test('Process > Start in the browser: the approver picked by name, the amount typed as 2500.00 EUR, the exact context sent', async () => {
		const sandbox = (method, url) =>
			fetch(`${state.sandboxUrl}${url}`, {
				method,
				headers: { authorization: `Bearer ${state.sandboxKey}` },
			}).then((response) => response.json());
		const located = {
			resource: 'process',
			operation: 'start',
			namespace: picked('crm'),
			processCode: picked('approval'),
		};
		const fields = await mapperFields('elma365Process', located, 'getProcessContextFields');
		const approver = fields.find((field) => field.id === 'approver');
		expect(approver.type).toBe('options');
		const bob = approver.options.find((option) => option.name === 'Bob Jones (bob@example.com)');
		expect(bob).toBeDefined();
		const created = await fetch(`${state.n8nUrl}/api/v1/workflows`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
			body: JSON.stringify({
				name: 'Approval by name',
				nodes: [
					{
						id: '0f9a1c2e-0000-4000-8000-000000000701',
						name: 'Start approval',
						type: 'n8n-nodes-elma365.elma365Process',
						typeVersion: 1,
						// The fields added to the mapping, still empty, as "Add field" leaves them.
						parameters: {
							...located,
							columns: {
								mappingMode: 'defineBelow',
								value: { subject: 'Office chairs', approver: null, amount: null },
								matchingColumns: [],
								schema: fields,
							},
						},
						credentials,
						position: [0, 0],
					},
				],
				connections: {},
				settings: { executionOrder: 'v1' },
			}),
		});
		expect(created.status).toBe(200);
		const { id } = await created.json();
		await page.goto(`${state.n8nUrl}/workflow/${id}`);
		const node = page
			.locator('[data-test-id="canvas-node"]')
			.filter({ hasText: 'Start approval' })
			.first();
		await node.waitFor({ state: 'visible', timeout: 30000 });
		await page.keyboard.press('Escape');
		await node.dblclick({ timeout: 15000 });
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor({ state: 'visible', timeout: 30000 });
		const approverInput = ndv.locator('[data-test-id="parameter-input-approver"]').first();
		await approverInput.waitFor({ state: 'visible', timeout: 30000 });
		await approverInput.click();
		await page
			.locator('.el-select-dropdown__item:visible, [role="option"]:visible')
			.filter({ hasText: 'Bob Jones (bob@example.com)' })
			.first()
			.click({ timeout: 15000 });
		const amountInput = ndv
			.locator(
				'[data-test-id="parameter-input-amount"] input, [data-test-id="parameter-input-amount"] textarea',
			)
			.first();
		await amountInput.fill('2500.00 EUR');
		await amountInput.press('Tab');
		await page.screenshot({ path: path.join(artifacts, 'process-approver-by-name.png') });
		await sandbox('DELETE', '/__sandbox/requests');
		await ndv.locator('[data-test-id="node-execute-button"]').first().click();
		let run;
		for (let wait = 0; wait < 100 && !run; wait++) {
			const { requests } = await sandbox('GET', '/__sandbox/requests');
			run = requests.find((request) => request.path === '/pub/v1/bpm/template/crm/approval/run');
			if (!run) await page.waitForTimeout(200);
		}
		await page.screenshot({ path: path.join(artifacts, 'process-approver-by-name-run.png') });
		expect(run?.method).toBe('POST');
		expect(run.body).toEqual({
			context: {
				subject: 'Office chairs',
				approver: [bob.value],
				amount: { cents: 250000, currency: 'EUR' },
			},
		});
		await page.keyboard.press('Escape');
	}, 120000);

	test("App > Item > Create in the browser on the sandbox's Products: every mapper dropdown (enumeration, user, reference) opens and picks, money typed, the exact item sent", async () => {
		const sandbox = (method, url) =>
			fetch(`${state.sandboxUrl}${url}`, {
				method,
				headers: { authorization: `Bearer ${state.sandboxKey}` },
			}).then((response) => response.json());
		const located = {
			resource: 'item',
			operation: 'create',
			namespace: picked('crm'),
			application: picked('products'),
		};
		const fields = await mapperFields('elma365App', located, 'getApplicationFields');
		const byId = Object.fromEntries(fields.map((field) => [field.id, field]));
		expect(Object.keys(byId)).toEqual(
			expect.arrayContaining([
				'__name',
				'price',
				'kind',
				'manager',
				'deal',
				'datasheet',
				'department',
				'launched',
				'in_stock',
				'quantity',
				'description',
			]),
		);
		const dropdowns = {
			kind: 'Equipment',
			manager: 'Bob Jones (bob@example.com)',
			deal: 'Standing desks',
		};
		for (const [id, shown] of Object.entries(dropdowns)) {
			expect([id, byId[id].type]).toEqual([id, 'options']);
			expect(byId[id].options.map((option) => option.name)).toContain(shown);
		}
		expect(byId.in_stock.type).toBe('boolean');
		expect(byId.quantity.type).toBe('number');
		const value = Object.fromEntries(Object.keys(byId).map((id) => [id, null]));
		const created = await fetch(`${state.n8nUrl}/api/v1/workflows`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
			body: JSON.stringify({
				name: 'Product by picking',
				nodes: [
					{
						id: '0f9a1c2e-0000-4000-8000-000000000801',
						name: 'Create product',
						type: 'n8n-nodes-elma365.elma365App',
						typeVersion: 1,
						// Every field added to the mapping, still empty, as "Add All Fields" leaves them.
						parameters: {
							...located,
							columns: {
								mappingMode: 'defineBelow',
								value: { ...value, __name: 'Monitor arm' },
								matchingColumns: [],
								schema: fields,
							},
						},
						credentials,
						position: [0, 0],
					},
				],
				connections: {},
				settings: { executionOrder: 'v1' },
			}),
		});
		expect(created.status).toBe(200);
		const { id } = await created.json();
		await page.goto(`${state.n8nUrl}/workflow/${id}`);
		const node = page
			.locator('[data-test-id="canvas-node"]')
			.filter({ hasText: 'Create product' })
			.first();
		await node.waitFor({ state: 'visible', timeout: 30000 });
		await page.keyboard.press('Escape');
		await node.dblclick({ timeout: 15000 });
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor({ state: 'visible', timeout: 30000 });
		for (const [field, shown] of Object.entries(dropdowns)) {
			const input = ndv.locator(`[data-test-id="parameter-input-${field}"]`).first();
			await input.waitFor({ state: 'visible', timeout: 30000 });
			await input.click();
			await page
				.locator('.el-select-dropdown__item:visible, [role="option"]:visible')
				.filter({ hasText: shown })
				.first()
				.click({ timeout: 15000 });
		}
		const price = ndv
			.locator(
				'[data-test-id="parameter-input-price"] input, [data-test-id="parameter-input-price"] textarea',
			)
			.first();
		await price.fill('249.00 EUR');
		await price.press('Tab');
		await page.screenshot({ path: path.join(artifacts, 'app-products-mapper.png') });
		await sandbox('DELETE', '/__sandbox/requests');
		await ndv.locator('[data-test-id="node-execute-button"]').first().click();
		let sent;
		for (let wait = 0; wait < 100 && !sent; wait++) {
			const { requests } = await sandbox('GET', '/__sandbox/requests');
			sent = requests.find((request) => request.path === '/pub/v1/app/items/batch');
			if (!sent) await page.waitForTimeout(200);
		}
		expect(sent?.method).toBe('POST');
		const option = (field) => byId[field].options.find((entry) => entry.name === dropdowns[field]);
		expect(sent.body.items).toEqual([
			{
				namespace: 'crm',
				code: 'products',
				context: {
					__id: '$ref/0',
					__name: 'Monitor arm',
					price: { cents: 24900, currency: 'EUR' },
					kind: [{ code: option('kind').value }],
					manager: [option('manager').value],
					deal: [option('deal').value],
				},
			},
		]);
		await page.keyboard.press('Escape');
	}, 120000);
});

test("the process field mapper shows the template's fields by their names", async () => {
	const credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	const created = await fetch(`${state.n8nUrl}/api/v1/workflows`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
		body: JSON.stringify({
			name: 'Process field mapper',
			nodes: [
				{
					id: '0f9a1c2e-0000-4000-8000-000000000501',
					name: 'Start approval',
					type: 'n8n-nodes-elma365.elma365Process',
					typeVersion: 1,
					parameters: {
						resource: 'process',
						operation: 'start',
						namespace: { __rl: true, mode: 'list', value: 'crm' },
						processCode: { __rl: true, mode: 'list', value: 'approval' },
						columns: MAPPER,
					},
					credentials,
					position: [0, 0],
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		}),
	});
	expect(created.status).toBe(200);
	const { id } = await created.json();
	await page.goto(`${state.n8nUrl}/workflow/${id}`);
	const node = page
		.locator('[data-test-id="canvas-node"]')
		.filter({ hasText: 'Start approval' })
		.first();
	await node.waitFor({ state: 'visible', timeout: 30000 });
	await page.keyboard.press('Escape');
	await node.dblclick({ timeout: 15000 });
	const ndv = page.locator('[data-test-id="ndv"]').first();
	await ndv.waitFor({ state: 'visible', timeout: 30000 });
	// The template's required field is shown at once; the others wait in "Add field".
	await ndv
		.getByText('Subject', { exact: true })
		.first()
		.waitFor({ state: 'visible', timeout: 30000 });
	await page.screenshot({ path: path.join(artifacts, 'process-field-mapper.png') });
	const text = await ndv.innerText();
	expect(text).toContain('Subject');
	expect(text).not.toContain('{"cents", "currency"})');
	await page.keyboard.press('Escape');
}, 120000);
