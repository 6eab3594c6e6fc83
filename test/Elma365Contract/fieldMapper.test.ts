import { resourceMapperFields } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';

/** Create and Update map fields from the contract application's scheme, as App items do. */
const t = usePlatform();
const located = { namespace: picked('crm'), application: picked('deals') };
const mapperOf = () =>
	resourceMapperFields({
		nodeType: 'elma365Contract',
		parameters: located as never,
		credential: t.credential(),
		method: 'getApplicationFields',
	});

async function run(
	operation: 'create' | 'update',
	value: Record<string, unknown>,
	extra: Record<string, unknown> = {},
) {
	const { fields: schema } = await mapperOf();
	t.platform.reset();
	return await t.run({
		nodeType: 'elma365Contract',
		parameters: {
			resource: 'item',
			operation,
			...located,
			columns: { mappingMode: 'defineBelow', value, matchingColumns: [], schema },
			...extra,
		} as never,
	});
}

test("the mapper lists the contract application's fields, and n8n's notice while it is not chosen", async () => {
	const { fields } = await mapperOf();
	expect(fields.map((f) => [f.id, f.displayName, f.type, f.required])).toEqual([
		['__name', 'Name', 'string', true],
		['amount', 'Amount', 'string', false],
	]);
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/pub/v1/scheme/namespaces/crm/apps/deals'],
	]);
	await expect(
		resourceMapperFields({
			nodeType: 'elma365Contract',
			parameters: {},
			credential: t.credential(),
			method: 'getApplicationFields',
		}),
	).resolves.toEqual({
		fields: [],
		emptyFieldsNotice: 'Choose the section and the application above to see its fields',
	});
});

test('create sends the mapped fields in the platform shape; Fields (JSON), not chosen, is not sent', async () => {
	const { items, error } = await run(
		'create',
		{ __name: 'Supply 2027', amount: '{"cents": 150000, "currency": "RUB"}' },
		{ fieldsJson: '{"__name": "Supply 2027 (JSON)", "note": "urgent"}' },
	);
	expect(error).toBeUndefined();
	const context = { __name: 'Supply 2027', amount: { cents: 150000, currency: 'RUB' } };
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', '/pub/v1/contracts/crm/deals/create', { context }],
	]);
	expect(jsonOf(items)).toEqual([expect.objectContaining(context)]);
});

test('update maps fields onto an existing contract; Field Codes and Values mode ignores the mapper', async () => {
	const id = newId();
	itemsOf(t.platform, 'contracts', 'crm', 'deals').set(id, { __id: id, __name: 'Old' });
	const { error } = await run('update', { __name: 'Renewed' }, { itemId: picked(id, 'id') });
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', `/pub/v1/contracts/crm/deals/${id}/update`, { context: { __name: 'Renewed' } }],
	]);

	const pairs = await run(
		'update',
		{ __name: 'Ignored' },
		{
			itemId: picked(id, 'id'),
			fieldsInputMode: 'pairs',
			fields: {
				field: [
					{ name: '__name', value: 'From pairs' },
					{ name: 'amount', value: '1500.50 rub' },
				],
			},
		},
	);
	expect(pairs.error).toBeUndefined();
	// Pairs are converted by the types of the scheme the mapper reads (the MONEY field here), read first.
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['GET', '/pub/v1/scheme/namespaces/crm/apps/deals', undefined],
		[
			'POST',
			`/pub/v1/contracts/crm/deals/${id}/update`,
			{ context: { __name: 'From pairs', amount: { cents: 150050, currency: 'RUB' } } },
		],
	]);
});

test('create in Field Codes and Values mode sends the pairs; a stray mapper value is not sent', async () => {
	const { error } = await run(
		'create',
		{ __name: 'Mapped' },
		{ fieldsInputMode: 'pairs', fields: { field: [{ name: '__name', value: 'Typed' }] } },
	);
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
		['/pub/v1/scheme/namespaces/crm/apps/deals', undefined],
		['/pub/v1/contracts/crm/deals/create', { context: { __name: 'Typed' } }],
	]);
});
