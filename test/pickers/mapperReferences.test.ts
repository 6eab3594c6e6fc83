/**
 * Application-reference and category fields in the field mappers: an application-reference field
 * (`SYS_COLLECTION`) whose scheme names its application in `data.namespace`/`data.code` offers that
 * application's items (at most MAX_ITEM_OPTIONS; more, or a list the key may not read, leave it
 * typed); a category of codes (`ENUM`, as the vendor's field types call it) offers the values its
 * scheme lists in `data.enumItems`; a `CATEGORY` (a hierarchical reference valued by UUID in the
 * vendor's field types) takes UUIDs. An expression may still give any value.
 */
import { resourceMapperFields } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { usePlatform, picked } from '../harness/setup';
import { MAX_ITEM_OPTIONS } from '../../nodes/shared/methods/itemOptions';

const t = usePlatform();
const located = { namespace: picked('crm'), application: picked('shipments') };

const field = (code: string, type: string, name: string, data?: Record<string, unknown>) => ({
	code,
	type,
	required: false,
	array: false,
	single: true,
	view: { name },
	...(data ? { data } : {}),
});
const reference = (namespace: string, code: string) => ({
	namespace,
	code,
	linkedFieldCode: '',
	isDependent: false,
	bindings: [],
	filter: null,
});
const KINDS = {
	enumItems: [
		{ code: 'retail', name: 'Retail', default: false },
		{ code: 'b2b', name: 'B2B', default: true },
		{ code: 'gov', name: '', default: false },
	],
};

const SHIPMENT_FIELDS = [
	field('__name', 'STRING', 'Name'),
	field('client', 'SYS_COLLECTION', 'Client', reference('crm', 'clients')),
	field('payer', 'SYS_COLLECTION', 'Payer', reference('crm', 'clients')),
	field('warehouse', 'SYS_COLLECTION', 'Warehouse', reference('crm', 'warehouses')),
	field('vault', 'SYS_COLLECTION', 'Vault', reference('crm', 'vault')),
	field('legacy', 'SYS_COLLECTION', 'Legacy'),
	field('kind', 'ENUM', 'Kind', KINDS),
	field('region', 'CATEGORY', 'Region', { enumItems: [{ code: 'eu', name: 'Europe' }] }),
	field('tier', 'CATEGORY', 'Tier'),
];

const [acme, zenith, gone] = [newId(), newId(), newId()];
const CLIENT_OPTIONS = [
	{ name: 'Acme', value: acme },
	{ name: 'Zenith', value: zenith },
];

beforeAll(() => {
	t.platform.collection('schemeApps').set('crm/shipments', {
		namespace: 'crm',
		code: 'shipments',
		name: 'Shipments',
		fields: SHIPMENT_FIELDS,
	});
	const clients = t.platform.collection('app:crm/clients');
	clients.set(zenith, { __id: zenith, __name: 'Zenith', city: 'Oslo' });
	clients.set(acme, { __id: acme, __name: 'Acme', city: 'Riga' });
	// Deleted: not offered (the list asks for active items).
	clients.set(gone, { __id: gone, __name: 'Gone', __deletedAt: '2026-01-01T00:00:00Z' });
	const warehouses = t.platform.collection('app:crm/warehouses');
	for (let i = 0; i <= MAX_ITEM_OPTIONS; i++) {
		const id = newId();
		warehouses.set(id, { __id: id, __name: `Warehouse ${i}` });
	}
	t.platform.collection('app:crm/vault').set(newId(), { __id: newId(), __name: 'Secret' });
});

const mapper = () =>
	resourceMapperFields({
		nodeType: 'elma365App',
		parameters: located as never,
		credential: t.credential(),
		method: 'getApplicationFields',
	});

/** The list request a referenced application's items are read with. */
const itemsRead = (code: string) => [
	'POST',
	`/pub/v1/app/crm/${code}/list`,
	{ active: true, fields: { __id: true, __name: true }, from: 0, size: MAX_ITEM_OPTIONS },
];

describe('the mapper of an application whose scheme names referenced applications and category values', () => {
	test('reference fields offer the referenced items, categories their values; the rest stay typed', async () => {
		t.platform.script('POST', '/pub/v1/app/crm/vault/list', fail(403, 'access denied'));
		const { fields } = await mapper();
		expect(fields.map((f) => [f.id, f.type, f.options])).toEqual([
			['__name', 'string', undefined],
			['client', 'options', CLIENT_OPTIONS],
			['payer', 'options', CLIENT_OPTIONS],
			// More items than MAX_ITEM_OPTIONS: typed.
			['warehouse', 'string', undefined],
			// The key may not list them: typed.
			['vault', 'string', undefined],
			// The scheme names no application: typed.
			['legacy', 'string', undefined],
			[
				'kind',
				'options',
				[
					{ name: 'Retail', value: 'retail' },
					{ name: 'B2B', value: 'b2b' },
					{ name: 'gov', value: 'gov' },
				],
			],
			// A CATEGORY is valued by UUID: `enumItems` in its scheme are not its values.
			['region', 'string', undefined],
			['tier', 'string', undefined],
		]);
		// One read per referenced application, however many fields name it.
		const requests = t.platform.requests.map((r) => [r.method, r.path, r.body]);
		expect(requests[0]).toEqual(['GET', '/pub/v1/scheme/namespaces/crm/apps/shipments', undefined]);
		expect(requests.slice(1).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
			itemsRead('clients'),
			itemsRead('vault'),
			itemsRead('warehouses'),
		]);
	});

	test('create sends a picked item as ["uuid"], a picked ENUM value as [{"code"}] and a CATEGORY as ["uuid"]; an expression gives any', async () => {
		const { fields: schema } = await mapper();
		t.platform.reset();
		const warehouse = newId();
		const europe = newId();
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: {
				resource: 'item',
				operation: 'create',
				...located,
				sendInOneRequest: false,
				columns: {
					mappingMode: 'defineBelow',
					value: {
						__name: 'Shipment 1',
						client: acme,
						payer: `={{ "${acme}, ${zenith}" }}`,
						warehouse,
						kind: 'b2b',
						region: `={{ "${europe}" }}`,
					},
					matchingColumns: [],
					schema,
				},
			} as never,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/app/crm/shipments/create',
				{
					context: {
						__name: 'Shipment 1',
						client: [acme],
						payer: [acme, zenith],
						warehouse: [warehouse],
						kind: [{ code: 'b2b' }],
						region: [europe],
					},
				},
			],
		]);
	});
});

test('a process template context field that names an application offers its items', async () => {
	const key = 'crm/shipping';
	t.platform.collection('schemeProcessTemplates').set(key, {
		__id: newId(),
		namespace: 'crm',
		code: 'shipping',
		name: 'Shipping',
		context: [
			field('client', 'SYS_COLLECTION', 'Client', reference('crm', 'clients')),
			field('kind', 'ENUM', 'Kind', KINDS),
		],
	});
	try {
		const { fields } = await resourceMapperFields({
			nodeType: 'elma365Process',
			parameters: { namespace: picked('crm'), processCode: picked('shipping') } as never,
			credential: t.credential(),
			method: 'getProcessContextFields',
		});
		expect(fields.map((f) => [f.id, f.type, f.options?.map((o) => o.value)])).toEqual([
			['client', 'options', [acme, zenith]],
			['kind', 'options', ['retail', 'b2b', 'gov']],
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/processes/shipping', undefined],
			itemsRead('clients'),
		]);
	} finally {
		t.platform.collection('schemeProcessTemplates').delete(key);
	}
});
