// Takes the README's screenshot of the Nomenclature case update form (docs/case-update-form.png)
// from a running n8n with the package: the sample workflow "ELMA365 sample: update a nomenclature
// case" opened in headless Chromium (Debian's package, driven by playwright-core; every host but
// 127.0.0.1 blocked), its Update case node's form as it opens. It checks first that the form shows
// what the screenshot is meant to show: the Case picked from its list, the empty Directory picker
// saying it keeps the directory, Document Flow on Keep Current.
//
//   npm start                                   (in another terminal; wait for its URL)
//   node scripts/screenshot-case-update.mjs     writes docs/case-update-form.png
//   node scripts/screenshot-case-update.mjs --state .e2e/e2e-state.json --out <file.png>
//                                               against the e2e suite's n8n, to another file
// Expects Node 24 on PATH; installs playwright-core into .e2e/tools once.
import fs from 'node:fs';
import path from 'node:path';
import chromium from '../e2e/chromium.js';
import { ensurePlaywright, root, userFoldersRoot } from './start.mjs';

const { openPage, signIn } = chromium;

const args = process.argv.slice(2);
const option = (name, fallback) =>
	args.includes(name) ? path.resolve(args[args.indexOf(name) + 1]) : fallback;
const stateFile = option('--state', path.join(userFoldersRoot, 'start-user', 'demo-state.json'));
const out = option('--out', path.join(root, 'docs', 'case-update-form.png'));
/** What the form shows as it opens (the sample's values): checked before the screenshot. */
const EXPECTED = {
	pickerModes: ['From list', 'From list'],
	caseShown: 'Incoming letters',
	directoryPlaceholder: 'Keep Current Directory',
	docflow: 'Keep Current',
};

async function main() {
	if (!fs.existsSync(stateFile))
		throw new Error(`${stateFile} not found: start n8n first (npm start) or pass --state <file>`);
	const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
	const sample = state.sampleWorkflows?.['sample-case-update.json']?.id ?? state.sampleWorkflowId;
	ensurePlaywright();
	const { browser, page } = await openPage();
	try {
		await signIn(page, state);
		await page.goto(`${state.n8nUrl}/workflow/${sample}`);
		const node = page
			.locator('[data-test-id="canvas-node"]')
			.filter({ hasText: 'Update case' })
			.first();
		await node.waitFor({ state: 'visible', timeout: 30000 });
		await page.keyboard.press('Escape');
		await node.dblclick({ timeout: 15000 });
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv
			.getByText('Document Flow', { exact: true })
			.first()
			.waitFor({ state: 'visible', timeout: 15000 });
		// The case's name comes from its list (a request to the sandbox): wait for it.
		await ndv
			.locator(`input[placeholder="${EXPECTED.directoryPlaceholder}"]`)
			.first()
			.waitFor({ state: 'visible', timeout: 15000 });
		const shown = await formShown(ndv);
		const expected = JSON.stringify(EXPECTED);
		if (JSON.stringify(shown) !== expected)
			throw new Error(`the form shows ${JSON.stringify(shown)}, expected ${expected}`);
		fs.mkdirSync(path.dirname(out), { recursive: true });
		await page.screenshot({ path: out });
		console.log(`wrote ${path.relative(process.cwd(), out) || out}`);
	} finally {
		await browser.close();
	}
}

/** The pickers' modes and the values of Case, Directory and Document Flow as the form shows them. */
async function formShown(ndv) {
	const modes = ndv.locator('[data-test-id="rlc-mode-selector"] input');
	const picked = (name) =>
		ndv.locator(`[data-test-id="parameter-input-${name}"] [data-test-id="rlc-input"]`).first();
	return {
		pickerModes: await modes.evaluateAll((inputs) => inputs.map((el) => el.value)),
		caseShown: await picked('caseId').inputValue(),
		directoryPlaceholder: await picked('directoryId').getAttribute('placeholder'),
		docflow: await ndv
			.locator('[data-test-id="parameter-input-docflow"] input')
			.first()
			.inputValue(),
	};
}

main().catch((error) => {
	console.error(`[screenshot] failed: ${error.message}`);
	process.exit(1);
});
