/**
 * Browser check: headless Chromium (Debian's package) driven by playwright-core, every host but
 * 127.0.0.1 blocked. Logs in, opens a new workflow, finds each ELMA365 node in the node panel,
 * opens the sample's Nomenclature case update and sees every field of the form. Screenshots go
 * to e2e/artifacts/.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE ?? path.join(root, '.e2e', 'e2e-state.json'), 'utf8'));
const artifacts = path.join(__dirname, 'artifacts');
const CHROMIUM = '/usr/bin/chromium';
const NODES = [
	'ELMA365 App', 'ELMA365 Contract', 'ELMA365 File', 'ELMA365 Marketing', 'ELMA365 Nomenclature',
	'ELMA365 Process', 'ELMA365 Report', 'ELMA365 Scheme', 'ELMA365 Telephony', 'ELMA365 User',
];
const CASE_FIELDS = [
	'Case', 'Directory', 'Document Flow', 'Name', 'Registration Settings',
	'Automatic Numbering', 'Continuous Numbering', 'Continuous Numbering ID', 'Edit After Registration',
	'Minimum Number Length', 'Number Template', 'Periodic Reset', 'Reserve Numbers', 'Reset Settings',
	'Next Reset At', 'Reset Period', 'Reset Period Count',
];

let browser;
let page;

beforeAll(async () => {
	const { chromium } = require(path.join(root, '.e2e', 'tools', 'node_modules', 'playwright-core'));
	fs.mkdirSync(artifacts, { recursive: true });
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
	});
	const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
	await context.route('**/*', (route) => {
		const host = new URL(route.request().url()).hostname;
		return host === '127.0.0.1' ? route.continue() : route.abort();
	});
	page = await context.newPage();
});

afterAll(async () => {
	await browser?.close();
});

test('log in as the owner', async () => {
	await page.goto(`${state.n8nUrl}/signin`);
	await page.locator('input[type="email"]').fill(state.owner.email);
	await page.locator('input[type="password"]').fill(state.owner.password);
	await page.locator('input[type="password"]').press('Enter');
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30000 });
	await page.screenshot({ path: path.join(artifacts, 'after-login.png') });
});

test('a new workflow: every ELMA365 node is in the node panel', async () => {
	await page.goto(`${state.n8nUrl}/workflow/new`);
	await page.locator('[data-test-id="node-creator-plus-button"]').first().click({ timeout: 30000 });
	const search = page.locator('[data-test-id="node-creator-search-bar"] input, input[placeholder^="Search"]').first();
	for (const name of NODES) {
		await search.fill(name);
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: name }).first().waitFor({ state: 'visible', timeout: 15000 });
	}
	await search.fill('ELMA365');
	await page.locator('[data-test-id="node-creator-item-name"]', { hasText: 'ELMA365 User' }).first().waitFor({ state: 'visible' });
	await page.screenshot({ path: path.join(artifacts, 'node-panel.png') });
});

test('the sample case update shows every field of the form', async () => {
	await page.goto(`${state.n8nUrl}/workflow/${state.sampleWorkflowId}`);
	// The node's label sits under its box, over the canvas pane: double-click the box itself.
	const node = page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'Update case' }).first();
	await node.waitFor({ state: 'visible', timeout: 30000 });
	await page.keyboard.press('Escape');
	await node.dblclick({ timeout: 15000 });
	await page.getByText('Document Flow', { exact: true }).first().waitFor({ state: 'visible', timeout: 15000 }).catch(async (error) => {
		await page.screenshot({ path: path.join(artifacts, 'case-update-not-open.png') });
		fs.writeFileSync(path.join(artifacts, 'test-ids.txt'), (await page.locator('[data-test-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-id')))).join('\n'));
		throw error;
	});
	const ndv = page.locator('[data-test-id="ndv"]').or(page.locator('body')).first();
	await page.screenshot({ path: path.join(artifacts, 'case-update-form.png') });
	const missing = [];
	for (const label of CASE_FIELDS) {
		const visible = ndv.locator('[data-test-id="parameter-input-label"], label, .n8n-input-label, span, div')
			.filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
			.first();
		await visible.scrollIntoViewIfNeeded({ timeout: 5000 }).catch(() => undefined);
		if (!(await visible.isVisible())) missing.push(label);
	}
	await page.screenshot({ path: path.join(artifacts, 'case-update-form-scrolled.png') });
	expect(missing).toEqual([]);
});
