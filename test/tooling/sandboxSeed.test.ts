/**
 * The sandbox of `npm start` (e2e/sandbox.ts, run as `npm start` runs it: Node 24, erasable
 * TypeScript) keeps its own rules: every item it is seeded with is taken back by its own write path
 * (`POST /app/{namespace}/{code}/create`, the field-type checks of test/harness/fieldValues.ts), as
 * an agent that copies a listed item would send it; and its CATEGORY field is filled from the App
 * node's form the way docs/field-types.md says (category IDs, sent as `["<uuid>"]`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { resourceMapperFields, runNode } from '../harness/engine';
import { picked } from '../harness/setup';

const REPO = path.resolve(__dirname, '..', '..');
const KEY = 'sandbox-0000-4000-8000-elma365demo';

let sandbox: ChildProcess;
let url: string;

beforeAll(async () => {
	sandbox = spawn(process.execPath, [path.join(REPO, 'e2e', 'sandbox.ts'), '--port', '0'], {
		cwd: REPO,
		env: { PATH: process.env.PATH ?? '' },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	url = await new Promise<string>((resolve, reject) => {
		let out = '';
		sandbox.stdout!.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const found = /ELMA365 sandbox on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
			if (found) resolve(found[1]);
		});
		sandbox.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${out}`)));
	});
});

afterAll(() => {
	sandbox?.kill();
});

/** The platform's answer: a list's rows under `result.result`, a scheme list's under `result`. */
interface Answer {
	error?: string;
	result: { result: Array<Record<string, unknown>> } & Array<{ code: string }>;
}

async function call(method: string, route: string, body?: unknown) {
	const response = await fetch(`${url}/pub/v1${route}`, {
		method,
		headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, json: (await response.json()) as Answer };
}

/** Every application the sandbox's scheme lists, as `namespace/code`. */
async function applications(): Promise<string[]> {
	const namespaces = (await call('GET', '/scheme/namespaces')).json.result.result;
	const found: string[] = [];
	for (const { code } of namespaces) {
		const apps = (await call('GET', `/scheme/namespaces/${code}/apps`)).json.result;
		for (const app of apps) found.push(`${code}/${app.code}`);
	}
	return found;
}

/** An item as a user would write it back: its fields without the system ones but its name. */
const writable = (item: Record<string, unknown>) =>
	Object.fromEntries(
		Object.entries(item).filter(([field]) => !field.startsWith('__') || field === '__name'),
	);

test('every seeded item of every application is taken back by the write path', async () => {
	const refused: unknown[] = [];
	let seeded = 0;
	for (const app of await applications()) {
		const list = await call('POST', `/app/${app}/list`, { from: 0, size: 100 });
		expect([app, list.status]).toEqual([app, 200]);
		// A contract application's contracts too, through the contract write path.
		const contracts = await call('POST', `/contracts/${app}/list`, { from: 0, size: 100 });
		for (const [area, answer] of [
			['app', list],
			['contracts', contracts],
		] as const) {
			if (answer.status !== 200) continue;
			for (const item of answer.json.result.result) {
				seeded++;
				const context = writable(item);
				const created = await call('POST', `/${area}/${app}/create`, { context });
				if (created.status !== 200) refused.push([area, app, item.__id, created.json.error]);
			}
		}
	}
	expect(refused).toEqual([]);
	// Deals, Products, the contract applications and their contracts, Companies, Employees, Orders.
	expect(seeded).toBeGreaterThanOrEqual(15);
});

test('a CATEGORY field is filled from the form with a category ID, sent as a list of it', async () => {
	const segment = 'c5000000-0000-4000-8000-0000000000c1';
	const form = {
		nodeType: 'elma365App',
		credential: { baseUrl: url, apiKey: KEY },
		parameters: { namespace: picked('crm'), application: picked('products') },
	};
	// What the editor shows: a typed field (no list: the platform gives no categories to read).
	const { fields: schema } = await resourceMapperFields({
		...form,
		method: 'getApplicationFields',
	});
	const field = schema.find((entry) => entry.id === 'segment');
	expect(field).toMatchObject({ type: 'string', platformType: 'CATEGORY' });
	expect(field?.options).toBeUndefined();
	const { items, error } = await runNode({
		...form,
		parameters: {
			...form.parameters,
			resource: 'item',
			operation: 'create',
			sendInOneRequest: false,
			columns: {
				mappingMode: 'defineBelow',
				value: { __name: 'Desk mat', segment },
				matchingColumns: [],
				schema,
			},
		},
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => [item.json.__name, item.json.segment])).toEqual([
		['Desk mat', [segment]],
	]);
	// A code, as the newcomer tried: refused before sending, saying where the IDs come from.
	const refused = await runNode({
		...form,
		parameters: {
			...form.parameters,
			resource: 'item',
			operation: 'create',
			sendInOneRequest: false,
			columns: {
				mappingMode: 'defineBelow',
				value: { __name: 'Desk mat', segment: 'b2b' },
				matchingColumns: [],
				schema,
			},
		},
	});
	expect(refused.error?.message).toBe(
		'Invalid "Values to Send > Market segment" in item 0: expected category IDs (UUIDs), not codes or names, got "b2b"',
	);
	expect(refused.error?.description).toMatch(/App > Item > Get/);
});
