import { newId } from '../harness/index.ts';
import { jsonOf, usePlatform } from '../harness/setup';

/**
 * Version 1.1: Update changes only what the user set. The platform's PUT replaces the whole case,
 * so the fields left unset are filled from the case list (there is no read of one case).
 */
const t = usePlatform();
const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const empty = locator('', 'list');
let directoryId: string;
let otherDirectoryId: string;
let caseId: string;

const SETTINGS = {
	template: 'IN-{$__index}',
	templateEnabled: true,
	minLength: 4,
	resetInPeriod: true,
	resetSettings: { resetPeriod: 'year', resetPeriodCount: 1 },
};

beforeEach(() => {
	t.platform.collection('nomenclatureDirectories').clear();
	t.platform.collection('nomenclatureCases').clear();
	directoryId = newId();
	otherDirectoryId = newId();
	caseId = newId();
	t.platform
		.collection('nomenclatureDirectories')
		.set(directoryId, { __id: directoryId, name: 'Contracts' });
	t.platform
		.collection('nomenclatureDirectories')
		.set(otherDirectoryId, { __id: otherDirectoryId, name: 'Letters' });
	// Other cases first, so the one updated is on the second page of the list.
	for (let index = 0; index < 100; index++) {
		const id = newId();
		t.platform
			.collection('nomenclatureCases')
			.set(id, { __id: id, directoryId, docflow: 'input', name: `Case ${index}` });
	}
	t.platform.collection('nomenclatureCases').set(caseId, {
		__id: caseId,
		directoryId,
		docflow: 'output',
		name: 'Outgoing',
		registrationSettings: SETTINGS,
	});
});

const update = (parameters: Record<string, unknown>, typeVersion = 1.1) =>
	t.run({
		nodeType: 'elma365Nomenclature',
		typeVersion,
		parameters: { resource: 'case', operation: 'update', caseId: locator(caseId), ...parameters },
	});

const puts = () =>
	t.platform.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body]);
const reads = () =>
	t.platform.requests.filter((r) => r.method === 'GET').map((r) => [r.path, r.query]);

describe('case update (version 1.1)', () => {
	test('a new name only: the case keeps its directory, document flow and settings (read from the list, page by page)', async () => {
		const { items, error } = await update({ name: 'Outgoing letters' });
		expect(error).toBeUndefined();
		expect(reads()).toEqual([
			['/pub/v1/nomenclature', { from: '0', size: '100' }],
			['/pub/v1/nomenclature', { from: '100', size: '100' }],
		]);
		expect(puts()).toEqual([
			[
				`/pub/v1/nomenclature/${caseId}`,
				{ directoryId, docflow: 'output', name: 'Outgoing letters' },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{ __id: caseId, directoryId, docflow: 'output', name: 'Outgoing letters' },
		]);
	});

	test("a fresh node's Document Flow is Keep Current, not Input", async () => {
		const { error } = await update({ docflow: 'keep', directoryId: empty, name: '' });
		expect(error).toBeUndefined();
		expect(puts()).toEqual([
			[`/pub/v1/nomenclature/${caseId}`, { directoryId, docflow: 'output', name: 'Outgoing' }],
		]);
	});

	test('added settings are merged over the current ones (reset settings too)', async () => {
		const { error } = await update({
			registrationSettings: { minLength: 6, resetSettings: { resetPeriodCount: 2 } },
		});
		expect(error).toBeUndefined();
		expect(puts()).toEqual([
			[
				`/pub/v1/nomenclature/${caseId}`,
				{
					directoryId,
					docflow: 'output',
					name: 'Outgoing',
					registrationSettings: {
						...SETTINGS,
						minLength: 6,
						resetSettings: { resetPeriod: 'year', resetPeriodCount: 2 },
					},
				},
			],
		]);
	});

	test('every field set: no read, the body is the form', async () => {
		const { error } = await update({
			directoryId: locator(otherDirectoryId, 'list'),
			docflow: 'internal',
			name: 'Memos',
		});
		expect(error).toBeUndefined();
		expect(reads()).toEqual([]);
		expect(puts()).toEqual([
			[
				`/pub/v1/nomenclature/${caseId}`,
				{ directoryId: otherDirectoryId, docflow: 'internal', name: 'Memos' },
			],
		]);
	});

	test('a case missing from the list, or a current value the list does not show, is a clear error before the PUT', async () => {
		const unknown = newId();
		const missing = await t.run({
			nodeType: 'elma365Nomenclature',
			typeVersion: 1.1,
			parameters: { resource: 'case', operation: 'update', caseId: locator(unknown), name: 'X' },
		});
		expect(missing.error?.message).toBe(
			`The case ${unknown} is not in the platform's list, so its current values cannot be kept`,
		);

		t.platform
			.collection('nomenclatureCases')
			.set(caseId, { __id: caseId, directoryId, name: 'Outgoing' });
		const unshown = await update({ name: 'Renamed' });
		expect(unshown.error?.message).toBe(
			"The case's current Document Flow is not known: set Document Flow",
		);
		expect(puts()).toEqual([]);
	});

	test('a bad value is refused before any request', async () => {
		const { error } = await update({
			directoryId: locator('={{ "abc" }}'),
			docflow: '={{ "sideways" }}',
		});
		expect(error?.message).toMatch(/^Invalid "Directory" in item 0/);
		expect(t.platform.requests).toEqual([]);
	});

	test('version 1 keeps its behaviour: the form is the whole body, Document Flow as chosen', async () => {
		const { error } = await update(
			{ directoryId: locator(directoryId), docflow: 'input', name: 'Renamed' },
			1,
		);
		expect(error).toBeUndefined();
		expect(reads()).toEqual([]);
		expect(puts()).toEqual([
			[`/pub/v1/nomenclature/${caseId}`, { directoryId, docflow: 'input', name: 'Renamed' }],
		]);
	});
});

describe('directory update (version 1.1)', () => {
	test("an empty name keeps the directory's name (read from the list); a given one is sent without a read", async () => {
		const kept = await t.run({
			nodeType: 'elma365Nomenclature',
			typeVersion: 1.1,
			parameters: {
				resource: 'directory',
				operation: 'update',
				directoryId: locator(otherDirectoryId),
				name: '',
				body: '{"code": "let"}',
			},
		});
		expect(kept.error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body ?? null])).toEqual([
			['GET', '/pub/v1/nomenclature/directory', null],
			[
				'PUT',
				`/pub/v1/nomenclature/directory/${otherDirectoryId}`,
				{ name: 'Letters', code: 'let' },
			],
		]);

		t.platform.reset();
		const renamed = await t.run({
			nodeType: 'elma365Nomenclature',
			typeVersion: 1.1,
			parameters: {
				resource: 'directory',
				operation: 'update',
				directoryId: locator(otherDirectoryId),
				name: 'Mail',
				body: '{}',
			},
		});
		expect(renamed.error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['PUT', `/pub/v1/nomenclature/directory/${otherDirectoryId}`, { name: 'Mail' }],
		]);
	});
});
