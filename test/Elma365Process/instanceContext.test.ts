import { resourceMapperFields } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, picked, byId } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: Record<string, unknown> }>; continueOnFail?: boolean } = {},
) =>
	t.run({
		nodeType: 'elma365Process',
		parameters: { resource: 'instance', ...parameters },
		...extra,
	});

const running = newId();
const stopped = newId();
const templateId = newId();

beforeEach(() => {
	const instances = t.platform.collection('processInstances');
	instances.clear();
	instances.set(running, { __id: running, __templateId: templateId, __state: 'exec', amount: 1 });
	instances.set(stopped, { __id: stopped, __templateId: templateId, __state: 'interrupted' });
});

describe('Instance > Update Context', () => {
	test('PUT /bpm/instance/{id}/context {comment, context} from the form (Values to Send); the hidden Fields and Fields (JSON) are not sent', async () => {
		const { items, error } = await run({
			operation: 'updateContext',
			instanceId: byId(running),
			comment: 'Amount corrected',
			namespace: picked('crm'),
			processCode: picked('approval'),
			columns: {
				mappingMode: 'defineBelow',
				value: { amount: 400, urgent: true, note: 'mapped' },
				schema: [
					{ id: 'amount', type: 'number' },
					{ id: 'urgent', type: 'boolean' },
					{ id: 'note', type: 'string' },
				],
			},
			fields: { field: [{ name: 'note', value: 'from pairs' }] },
			fieldsJson: '{"days": 3}',
		});
		expect(error).toBeUndefined();
		const context = { amount: 400, urgent: true, note: 'mapped' };
		expect(t.wire()).toEqual([
			[
				'PUT',
				`/pub/v1/bpm/instance/${running}/context`,
				{},
				{ comment: 'Amount corrected', context },
			],
		]);
		expect(jsonOf(items)).toEqual([{ instanceId: running, comment: 'Amount corrected', context }]);
		expect(t.platform.collection('processInstances').get(running)).toMatchObject({
			...context,
			contextComment: 'Amount corrected',
		});
	});

	test('Specify Values > Using Field Codes and Values sends the pairs alone, the form and the JSON not', async () => {
		const { error } = await run({
			operation: 'updateContext',
			instanceId: byId(running),
			comment: 'x',
			fieldsInputMode: 'pairs',
			columns: { mappingMode: 'defineBelow', value: { amount: 400 }, schema: [] },
			fields: { field: [{ name: 'note', value: 'from pairs' }] },
			fieldsJson: '{"days": 3}',
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ comment: 'x', context: { note: 'from pairs' } },
		]);
	});

	test('without a template the pairs and JSON alone are sent, as given: no scheme is read', async () => {
		const { error } = await run({
			operation: 'updateContext',
			instanceId: byId(running),
			comment: 'x',
			fieldsInputMode: 'json',
			fieldsJson: '{"amount": 5, "fee": "2500.00 EUR"}',
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'PUT',
				`/pub/v1/bpm/instance/${running}/context`,
				{ comment: 'x', context: { amount: 5, fee: '2500.00 EUR' } },
			],
		]);
	});

	test("with Section and Process Template given, pairs and JSON are converted by the template's context fields (its scheme read once per run)", async () => {
		const scheme = t.platform.collection('schemeProcessTemplates');
		scheme.set('crm/approval', {
			...scheme.get('crm/approval'),
			context: [
				{ code: 'amount', type: 'FLOAT', array: false, view: { name: 'Amount' } },
				{
					code: 'fee',
					type: 'MONEY',
					array: false,
					view: { name: 'Fee', data: { currency: 'EUR' } },
				},
				{ code: 'due', type: 'DATETIME', array: false, view: { name: 'Due' } },
			],
		});
		const schemePath = '/pub/v1/scheme/namespaces/crm/processes/approval';
		const withTemplate = {
			operation: 'updateContext',
			instanceId: '={{ $json.id }}',
			comment: 'x',
			namespace: picked('crm'),
			processCode: picked('approval'),
			fieldsInputMode: 'pairs',
		};
		const { error } = await run(
			{
				...withTemplate,
				fields: {
					field: [
						{ name: 'amount', value: '={{ $json.amount }}' },
						{ name: 'fee', value: '2500' },
						{ name: 'due', value: '2027-03-01T10:00:00+03:00' },
					],
				},
			},
			{ input: [{ json: { id: running, amount: '12.5' } }, { json: { id: running, amount: 3 } }] },
		);
		expect(error).toBeUndefined();
		const context = (amount: number) => ({
			amount,
			fee: { cents: 250000, currency: 'EUR' },
			due: '2027-03-01T07:00:00Z',
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', schemePath, undefined],
			['PUT', `/pub/v1/bpm/instance/${running}/context`, { comment: 'x', context: context(12.5) }],
			['PUT', `/pub/v1/bpm/instance/${running}/context`, { comment: 'x', context: context(3) }],
		]);

		t.platform.reset();
		const refused = await run(
			{ ...withTemplate, fieldsInputMode: 'json', fieldsJson: '{"amount": "lots"}' },
			{ input: [{ json: { id: running } }] },
		);
		expect(refused.error?.message).toBe(
			'Invalid "Fields (JSON) > amount (FLOAT)" in item 0: expected a number, got "lots"',
		);
		expect(t.platform.requests.map((r) => r.path)).toEqual([schemePath]);
	});

	test('no Comment, no field or a bad Instance fail before any request, naming field and item', async () => {
		const noComment = await run({
			operation: 'updateContext',
			instanceId: byId(running),
			comment: '  ',
			fieldsInputMode: 'json',
			fieldsJson: '{"amount": 5}',
		});
		expect(noComment.error?.message).toMatch(/Invalid "Comment" in item 0/);
		const noField = await run({
			operation: 'updateContext',
			instanceId: byId(running),
			comment: 'x',
		});
		expect(noField.error?.message).toMatch(
			/Invalid "Values to Send" in item 0: expected at least one context field/,
		);
		const badId = await run({
			operation: 'updateContext',
			instanceId: byId('={{ "nope" }}'),
			comment: 'x',
			fieldsInputMode: 'json',
			fieldsJson: '{"amount": 5}',
		});
		expect(badId.error?.message).toMatch(/Invalid "Instance" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test("a stopped instance is the platform's 400; with Continue On Fail one output per input, paired", async () => {
		const { items, error } = await run(
			{
				operation: 'updateContext',
				instanceId: '={{ $json.id }}',
				comment: 'x',
				fieldsInputMode: 'json',
				fieldsJson: '{"amount": 5}',
			},
			{ input: [{ json: { id: stopped } }, { json: { id: running } }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(2);
		expect(items[0].json.error).toBe(`ELMA365 400: process instance ${stopped} is not running`);
		expect(items[1].json).toEqual({
			instanceId: running,
			comment: 'x',
			context: { amount: 5 },
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('the context mapper lists the fields of the template chosen on Update Context', async () => {
		const scheme = t.platform.collection('schemeProcessTemplates');
		scheme.set('crm/approval', {
			...scheme.get('crm/approval'),
			context: [{ code: 'amount', type: 'FLOAT', required: false, view: { name: 'Amount' } }],
		});
		const { fields } = await resourceMapperFields({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'updateContext',
				namespace: picked('crm'),
				processCode: picked('approval'),
			} as never,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method: 'getProcessContextFields',
		});
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/processes/approval'],
		]);
		expect(fields.map((field) => [field.id, field.displayName, field.type])).toEqual([
			['amount', 'Amount', 'number'],
		]);
	});
});

describe('Instance > Move All to Latest Version', () => {
	beforeEach(() => {
		t.platform.collection('processTemplates').clear();
		t.platform
			.collection('processTemplates')
			.set(templateId, { __id: templateId, namespace: 'crm.deals', code: 'approval' });
	});

	test('POST /bpm/instance/bytemplate/{namespace}/{code}/version {updateAllActive, unselectedIds} as the vendor documents it', async () => {
		const other = newId();
		t.platform
			.collection('processInstances')
			.set(other, { __id: other, __templateId: templateId, __state: 'exec' });
		const { items, error } = await run({
			operation: 'moveAllToVersion',
			namespace: picked('crm.deals', 'code'),
			processCode: picked('approval'),
			unselectedIds: ` ${other} `,
		});
		expect(error).toBeUndefined();
		const body = { updateAllActive: true, unselectedIds: [other] };
		expect(t.wire()).toEqual([
			['POST', '/pub/v1/bpm/instance/bytemplate/crm.deals/approval/version', {}, body],
		]);
		expect(jsonOf(items)).toEqual([{ namespace: 'crm.deals', processCode: 'approval', ...body }]);
		expect(t.platform.collection('processInstances').get(running)!.versionUpdates).toBe(1);
		expect(t.platform.collection('processInstances').get(other)!.versionUpdates).toBeUndefined();
	});

	test('without exceptions only updateAllActive is sent; an unknown template is the platform 404', async () => {
		const { error } = await run({
			operation: 'moveAllToVersion',
			namespace: picked('crm.deals'),
			processCode: picked('nope'),
		});
		expect(t.wire()).toEqual([
			[
				'POST',
				'/pub/v1/bpm/instance/bytemplate/crm.deals/nope/version',
				{},
				{ updateAllActive: true },
			],
			// After the 404, what the company has: its sections, the application's templates.
			['GET', '/pub/v1/scheme/namespaces', { from: '0', size: '100' }, undefined],
			['GET', '/pub/v1/scheme/namespaces/crm/apps/deals/processes', {}, undefined],
		]);
		expect(error?.message).toBe(
			'ELMA365 404: Process template "crm.deals/nope" was not found (process template crm.deals/nope not found)',
		);
	});

	test('a bad exception ID or an empty section fails before any request', async () => {
		const badId = await run({
			operation: 'moveAllToVersion',
			namespace: picked('crm.deals'),
			processCode: picked('approval'),
			unselectedIds: 'x',
		});
		expect(badId.error?.message).toMatch(
			/Invalid "Except Instance IDs" in item 0: expected a UUID/,
		);
		const noSection = await run({
			operation: 'moveAllToVersion',
			namespace: picked(''),
			processCode: picked('approval'),
		});
		expect(noSection.error?.message).toMatch(/Section/);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('Instance > Get Many, List By Process Template Code', () => {
	beforeEach(() => {
		t.platform.collection('processTemplates').clear();
		t.platform
			.collection('processTemplates')
			.set(templateId, { __id: templateId, namespace: 'crm.deals', code: 'approval' });
	});

	test('POST /bpm/instance/bytemplate/{namespace}/{code}/list with the list body, paged in the body', async () => {
		const { items, error } = await run({
			operation: 'getAll',
			by: 'templateCode',
			namespace: picked('crm.deals'),
			processCode: picked('approval'),
			returnAll: true,
			options: { active: true, sort: { rule: [{ field: '__id', ascending: true }] } },
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([
			[
				'POST',
				'/pub/v1/bpm/instance/bytemplate/crm.deals/approval/list',
				{},
				{
					active: true,
					sortExpressions: [{ field: '__id', ascending: true }],
					from: 0,
					size: MAX_PAGE_SIZE,
				},
			],
		]);
		const expected = [...t.platform.collection('processInstances').values()].sort((a, b) =>
			String(a.__id) < String(b.__id) ? -1 : 1,
		);
		expect(jsonOf(items)).toEqual(expected);
	});

	test('Limit stops at that many; an unknown template is the platform 404; an empty code fails first', async () => {
		const limited = await run({
			operation: 'getAll',
			by: 'templateCode',
			namespace: picked('crm.deals'),
			processCode: picked('approval'),
			returnAll: false,
			limit: 1,
		});
		expect(limited.items).toHaveLength(1);

		t.platform.reset();
		const unknown = await run({
			operation: 'getAll',
			by: 'templateCode',
			namespace: picked('crm.deals'),
			processCode: picked('nope'),
		});
		expect(unknown.error?.message).toBe(
			'ELMA365 404: Process template "crm.deals/nope" was not found (process template crm.deals/nope not found)',
		);

		t.platform.reset();
		const empty = await run({
			operation: 'getAll',
			by: 'templateCode',
			namespace: picked('crm.deals'),
			processCode: picked(' '),
		});
		expect(empty.error?.message).toMatch(/Invalid "Process Template" in item 0/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a List By the node does not offer (from an expression) is refused before any request', async () => {
		const { error } = await run({
			operation: 'getAll',
			by: '={{ "templateName" }}',
			templateId,
			targetId: newId(),
			namespace: picked('crm.deals'),
			processCode: picked('approval'),
		});
		expect(error?.message).toBe(
			'Invalid "List By" in item 0: expected one of "template", "templateCode", "target", got "templateName"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('List By keeps Process Template (by ID) as its default', async () => {
		const { error } = await run({ operation: 'getAll', templateId, returnAll: true });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			`/pub/v1/bpm/instance/bytemplateid/${templateId}/list`,
		]);
	});
});

describe('Restore Point > Restore', () => {
	const point = newId();
	beforeEach(() => {
		t.platform.collection('restorePoints').clear();
		t.platform.collection('restorePoints').set(point, { __id: point, instanceId: stopped });
	});
	const restore = (value: unknown, extra: Record<string, unknown> = {}) =>
		run({ resource: 'restorePoint', operation: 'restore', restorePointId: value, ...extra });

	test('POST /bpm/restore-point/{id}/restore with {} when no context is given; the instance runs again', async () => {
		const { items, error } = await restore(byId(point));
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['POST', `/pub/v1/bpm/restore-point/${point}/restore`, {}, {}]]);
		expect(jsonOf(items)).toEqual([{ restorePointId: point, restored: true }]);
		expect(t.platform.collection('processInstances').get(stopped)).toMatchObject({
			__state: 'exec',
			restoredFrom: point,
		});
	});

	test('Specify Values is Using Field Codes and Values by default: Fields alone is sent', async () => {
		const { error } = await restore(byId(point), {
			fields: { field: [{ name: 'signed', value: 'false' }] },
			fieldsJson: '{"pages": 1}',
		});
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/bpm/restore-point/${point}/restore`, {}, { context: { signed: false } }],
		]);
	});

	test('the updated activity context is sent as {"context": {...}}; Using JSON sends Fields (JSON) alone', async () => {
		const { items, error } = await restore(byId(point), {
			fieldsInputMode: 'json',
			fields: { field: [{ name: 'signed', value: 'false' }] },
			fieldsJson: '{"fullName": "Jenna Smith", "signed": true, "pages": 3}',
		});
		expect(error).toBeUndefined();
		const context = { fullName: 'Jenna Smith', signed: true, pages: 3 };
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/bpm/restore-point/${point}/restore`, {}, { context }],
		]);
		expect(jsonOf(items)).toEqual([{ restorePointId: point, restored: true }]);
		expect(t.platform.collection('processInstances').get(stopped)).toMatchObject({
			...context,
			__state: 'exec',
			restoredFrom: point,
		});
	});

	test('Options > Additional Body (JSON) is merged last; the double refuses a key the help does not describe', async () => {
		const { error } = await restore(byId(point), {
			fieldsInputMode: 'json',
			fieldsJson: '{"fullName": "Jenna Smith"}',
			options: { body: '{"comment": "done"}' },
		});
		expect(t.wire()).toEqual([
			[
				'POST',
				`/pub/v1/bpm/restore-point/${point}/restore`,
				{},
				{ context: { fullName: 'Jenna Smith' }, comment: 'done' },
			],
		]);
		expect(error?.message).toBe('ELMA365 400: body.comment: unknown key');
	});

	test('a field without a code fails the item before any request', async () => {
		const { error } = await restore(byId(point), {
			fieldsInputMode: 'pairs',
			fields: { field: [{ name: ' ', value: 'x' }] },
		});
		expect(error?.message).toMatch(/Fields > Field Code \(entry 1\)/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test("a bad ID fails before any request; an unknown point is the platform's 404, not repeated after a 5xx", async () => {
		const bad = await restore(byId('={{ "x" }}'));
		expect(bad.error?.message).toMatch(/Invalid "Restore Point" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);

		const missing = newId();
		const unknown = await restore(byId(missing));
		expect(unknown.error?.message).toBe(`ELMA365 404: restore point ${missing} not found`);

		t.platform.reset();
		t.platform.script('POST', `/pub/v1/bpm/restore-point/${point}/restore`, fail(503, 'down'));
		const failed = await restore(byId(point));
		expect(failed.error?.message).toBe('ELMA365 503: down');
		expect(t.platform.requests).toHaveLength(1);
	});
});
