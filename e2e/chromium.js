/**
 * Headless Chromium for the browser suites (browser.e2e, panel.e2e) and
 * scripts/screenshot-case-update.mjs: Debian's package, driven by playwright-core (installed under
 * .e2e/tools by scripts/start.mjs), every host but 127.0.0.1 blocked; and n8n's sign-in.
 */
const path = require('node:path');

const CHROMIUM = '/usr/bin/chromium';
const PLAYWRIGHT = path.resolve(
	__dirname,
	'..',
	'.e2e',
	'tools',
	'node_modules',
	'playwright-core',
);

/** A browser and its one page, 1440 x 1000, that reaches 127.0.0.1 and nothing else. */
async function openPage() {
	const { chromium } = require(PLAYWRIGHT);
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	});
	const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
	await context.route('**/*', (route) =>
		new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
	);
	return { browser, page: await context.newPage() };
}

/** Signs in to the n8n of `state` (the start's state file) as its owner. */
async function signIn(page, state) {
	await page.goto(`${state.n8nUrl}/signin`);
	await page.locator('input[type="email"]').fill(state.owner.email);
	await page.locator('input[type="password"]').fill(state.owner.password);
	await page.locator('input[type="password"]').press('Enter');
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30000 });
}

module.exports = { openPage, signIn };
