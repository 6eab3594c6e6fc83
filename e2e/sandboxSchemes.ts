/**
 * The sandbox's schemes, so that every picker path of `npm start` ends in real output: process
 * templates with context fields (the Process node's field mapper), each one runnable under the
 * namespace and code its scheme lists, and a report section whose report has rows. Seeded only in
 * the sandbox: the unit tests keep the harness's own scheme seed.
 */
import { createHash } from 'node:crypto';
import type { Platform } from '../test/harness/index.ts';

type Entry = Record<string, unknown>;

/** Fixed ids of the seeded process templates (the scheme's `__id`, which instance lists take). */
export const PROCESS_TEMPLATES = {
	approval: '8a000000-0000-4000-8000-0000000000b1',
	dealReview: '8b000000-0000-4000-8000-0000000000b2',
	onboarding: '8c000000-0000-4000-8000-0000000000b3',
	discountApproval: '8d000000-0000-4000-8000-0000000000b4',
	contractReview: '8e000000-0000-4000-8000-0000000000b5',
} as const;

/** A scheme field as the platform lists it: `{code, type, required, array, view: {name}}`. */
const field = (code: string, type: string, name: string, required = false, data?: Entry) => ({
	code,
	type,
	required,
	array: false,
	single: true,
	view: { name },
	...(data ? { data } : {}),
});

const PROCESSES: Entry[] = [
	{
		__id: PROCESS_TEMPLATES.approval,
		namespace: 'crm',
		code: 'approval',
		name: 'Approval',
		context: [
			field('subject', 'STRING', 'Subject', true),
			field('amount', 'MONEY', 'Amount'),
			field('approver', 'SYS_USER', 'Approver'),
			field('due', 'DATETIME', 'Due date', false, { additionalType: 'date' }),
		],
	},
	{
		__id: PROCESS_TEMPLATES.dealReview,
		namespace: 'crm.deals',
		application: 'deals',
		code: 'deal_review',
		name: 'Deal review',
		context: [
			// The referenced application, as the vendor's field type names it (docs/nodes/app.md).
			field('deal', 'SYS_COLLECTION', 'Deal', true, { namespace: 'crm', code: 'deals' }),
			field('comment', 'TEXT', 'Comment'),
		],
	},
	{
		__id: PROCESS_TEMPLATES.onboarding,
		namespace: 'hr',
		code: 'onboarding',
		name: 'Onboarding',
		context: [
			field('employee', 'STRING', 'Employee', true),
			field('startsOn', 'DATETIME', 'First day', false, { additionalType: 'date' }),
		],
	},
	{
		__id: PROCESS_TEMPLATES.discountApproval,
		namespace: 'sales',
		code: 'discount_approval',
		name: 'Discount approval',
		context: [field('order', 'STRING', 'Order', true), field('discount', 'FLOAT', 'Discount, %')],
	},
	{
		__id: PROCESS_TEMPLATES.contractReview,
		namespace: 'legal',
		code: 'contract_review',
		name: 'Contract review',
		context: [
			field('contract', 'STRING', 'Contract', true),
			field('reviewer', 'SYS_USER', 'Reviewer'),
		],
	},
];

/** The report section: its report scheme and the report's rows (`reports:<namespace>/<code>`). */
const REPORT = {
	namespace: 'sales',
	code: 'monthly',
	name: 'Monthly sales',
	fields: [field('month', 'STRING', 'Month'), field('total', 'FLOAT', 'Total')],
};

/** The contract section's application, so the Contract node's pickers reach the seeded contract. */
const CONTRACTS = {
	namespace: 'legal',
	code: 'contracts',
	name: 'Contracts',
	fields: [field('__name', 'STRING', 'Name', true), field('amount', 'FLOAT', 'Amount')],
	exportable: false,
};

/**
 * A contract application in each of the other sections, with one contract (an item of the
 * application too, as the seeded supply contract is): every section the Contract node's section
 * picker lists leads to a contract application with a contract.
 */
const MORE_CONTRACTS: Array<
	[namespace: string, code: string, name: string, id: string, item: string]
> = [
	[
		'crm',
		'agreements',
		'Agreements',
		'dc000000-0000-4000-8000-0000000000c1',
		'Framework agreement with Acme',
	],
	[
		'hr',
		'employment',
		'Employment contracts',
		'dd000000-0000-4000-8000-0000000000c2',
		'Employment contract: Dana Brown',
	],
	[
		'sales',
		'sales_contracts',
		'Sales contracts',
		'de000000-0000-4000-8000-0000000000c3',
		'Sales contract 1001',
	],
];

/** The sales section's application besides its contracts, and its item. */
const ORDERS = {
	namespace: 'sales',
	code: 'orders',
	name: 'Orders',
	fields: [field('__name', 'STRING', 'Name', true), field('total', 'FLOAT', 'Total')],
	exportable: false,
};

/**
 * An application with a field of every type the mapper offers, so that `npm start` shows each
 * one's input: a money amount, an enumeration (`data.enumItems`, as the vendor's field types give
 * it: docs/field-types.md), a category (valued by ID), a user, a reference to Deals, a file, an org-structure node, a date,
 * a yes/no, a whole number and a long text. Its items reference the seeded deals and users.
 */
export const PRODUCTS = {
	namespace: 'crm',
	code: 'products',
	name: 'Products',
	fields: [
		field('__name', 'STRING', 'Name', true),
		field('price', 'MONEY', 'Price'),
		field('kind', 'ENUM', 'Kind', false, {
			enumItems: [
				{ code: 'furniture', name: 'Furniture' },
				{ code: 'equipment', name: 'Equipment' },
			],
		}),
		// Valued by category IDs; the scheme lists no categories, so the form takes them typed.
		field('segment', 'CATEGORY', 'Market segment'),
		field('manager', 'SYS_USER', 'Product manager'),
		field('deal', 'SYS_COLLECTION', 'Deal', false, { namespace: 'crm', code: 'deals' }),
		field('datasheet', 'FILE', 'Datasheet'),
		field('department', 'SYS_OSNODE', 'Department'),
		field('launched', 'DATETIME', 'Launched on', false, { additionalType: 'date' }),
		field('in_stock', 'BOOLEAN', 'In stock'),
		field('quantity', 'INTEGER', 'Quantity'),
		field('description', 'TEXT', 'Description'),
	],
	exportable: false,
};

/** Two products, each referencing a seeded deal and user (e2e/sandbox.ts SEED). */
const PRODUCT_ITEMS: Entry[] = [
	{
		__id: 'f1000000-0000-4000-8000-0000000000f1',
		__name: 'Ergonomic chair',
		price: { cents: 24900, currency: 'EUR' },
		kind: [{ code: 'furniture', name: 'Furniture' }],
		segment: ['c5000000-0000-4000-8000-0000000000c1'],
		manager: ['0a000000-0000-4000-8000-00000000a11c'],
		deal: ['7a000000-0000-4000-8000-0000000000a1'],
		launched: '2026-03-01T00:00:00Z',
		in_stock: true,
		quantity: 40,
		description: 'Adjustable height and lumbar support.',
	},
	{
		__id: 'f2000000-0000-4000-8000-0000000000f2',
		__name: 'Standing desk frame',
		price: { cents: 39900, currency: 'EUR' },
		kind: [{ code: 'equipment', name: 'Equipment' }],
		segment: ['c5000000-0000-4000-8000-0000000000c2'],
		manager: ['0b000000-0000-4000-8000-000000000b0b'],
		deal: ['7b000000-0000-4000-8000-0000000000a2'],
		launched: '2026-05-15T00:00:00Z',
		in_stock: false,
		quantity: 0,
		description: 'Electric, two motors.',
	},
];

/** The legal section's report and its rows. */
const LEGAL_REPORT = {
	namespace: 'legal',
	code: 'by_status',
	name: 'Contracts by status',
	fields: [field('status', 'STRING', 'Status'), field('count', 'FLOAT', 'Count')],
};

/**
 * What the seeds above leave out of some sections (`[namespace, code or ID, name]`): a widget in
 * each section, a section-level document template and a page where there is none.
 */
const WIDGETS: Array<[string, string, string]> = [
	['hr', 'vacancies', 'Open vacancies'],
	['sales', 'revenue', 'Revenue'],
	['legal', 'expiring', 'Expiring contracts'],
];
const DOCUMENT_TEMPLATES: Array<[string, string, string]> = [
	['hr', '4c000000-0000-4000-8000-0000000000c3', 'Employment contract'],
	['sales', '4d000000-0000-4000-8000-0000000000c4', 'Quote'],
	['legal', '4e000000-0000-4000-8000-0000000000c5', 'Non-disclosure agreement'],
];
const PAGES: Array<[string, string, string]> = [
	['sales', '3c000000-0000-4000-8000-0000000000f1', 'Sales board'],
	['legal', '3d000000-0000-4000-8000-0000000000f2', 'Contracts board'],
];

/** An item in each application the pickers list that the sandbox's data leaves empty. */
const MORE_ITEMS: Array<[collection: string, id: string, name: string]> = [
	['app:crm/companies', 'da000000-0000-4000-8000-0000000000c1', 'Acme Furniture'],
	['app:hr/employees', 'db000000-0000-4000-8000-0000000000e1', 'Dana Brown'],
];

/**
 * Process templates (scheme and runnable alike), the report section with its report, the contract
 * section, and an item in every listed application.
 */
export function seedSchemes(platform: Platform): void {
	const schemes = platform.collection('schemeProcessTemplates');
	schemes.clear();
	const runnable = platform.collection('processTemplates');
	runnable.clear();
	for (const process of PROCESSES) {
		schemes.set(`${process.namespace}/${process.code}`, process);
		runnable.set(process.__id as string, {
			__id: process.__id,
			namespace: process.namespace,
			code: process.code,
		});
	}
	platform
		.collection('schemeNamespaces')
		.set(REPORT.namespace, { code: REPORT.namespace, name: 'Sales', exportable: false });
	platform.collection('schemeReports').set(`${REPORT.namespace}/${REPORT.code}`, REPORT);
	platform
		.collection('schemeNamespaces')
		.set('legal', { code: 'legal', name: 'Legal', exportable: false });
	platform.collection('schemeApps').set(`${CONTRACTS.namespace}/${CONTRACTS.code}`, CONTRACTS);
	platform
		.collection('schemeContracts')
		.set(`${CONTRACTS.namespace}/${CONTRACTS.code}`, { ...CONTRACTS, type: 'CONTRACT' });
	seedSections(platform);
	for (const [collection, id, name] of MORE_ITEMS)
		platform.collection(collection).set(id, { __id: id, __name: name });
	const rows = platform.collection(`reports:${REPORT.namespace}/${REPORT.code}`);
	rows.set('r1', { __id: 'r1', month: '2026-01', total: 10 });
	rows.set('r2', { __id: 'r2', month: '2026-02', total: 12 });
	keepEveryPickerPathFull(platform);
}

/**
 * The other sections' contract applications with their contracts, the sales orders, the legal
 * report, and the widgets, document templates and pages listed above.
 */
function seedSections(platform: Platform): void {
	const set = (name: string, key: string, entry: Entry) =>
		platform.collection(name).set(key, entry);
	for (const [namespace, code, name, id, item] of MORE_CONTRACTS) {
		const scheme = { ...CONTRACTS, namespace, code, name };
		set('schemeApps', `${namespace}/${code}`, scheme);
		set('schemeContracts', `${namespace}/${code}`, { ...scheme, type: 'CONTRACT' });
		const contract = { __id: id, __name: item, amount: 1000 };
		set(`app:${namespace}/${code}`, id, contract);
		set(`contracts:${namespace}/${code}`, id, contract);
	}
	set('schemeApps', `${ORDERS.namespace}/${ORDERS.code}`, ORDERS);
	set('schemeApps', `${PRODUCTS.namespace}/${PRODUCTS.code}`, PRODUCTS);
	set('apps', `${PRODUCTS.namespace}/${PRODUCTS.code}`, {
		namespace: PRODUCTS.namespace,
		code: PRODUCTS.code,
		name: PRODUCTS.name,
	});
	for (const product of PRODUCT_ITEMS)
		set(`app:${PRODUCTS.namespace}/${PRODUCTS.code}`, product.__id as string, product);
	const order = 'df000000-0000-4000-8000-0000000000e1';
	set(`app:${ORDERS.namespace}/${ORDERS.code}`, order, {
		__id: order,
		__name: 'Order 1001',
		total: 640,
	});
	set('schemeReports', `${LEGAL_REPORT.namespace}/${LEGAL_REPORT.code}`, LEGAL_REPORT);
	const rows = `reports:${LEGAL_REPORT.namespace}/${LEGAL_REPORT.code}`;
	set(rows, 'r1', { __id: 'r1', status: 'Signed', count: 3 });
	set(rows, 'r2', { __id: 'r2', status: 'Draft', count: 1 });
	for (const [namespace, code, name] of WIDGETS)
		set('schemeWidgets', `${namespace}/${code}`, { namespace, code, name });
	for (const [namespace, id, name] of DOCUMENT_TEMPLATES)
		set('schemeDocTemplates', id, { __id: id, namespace, name });
	for (const [namespace, id, name] of PAGES)
		set('schemePages', id, {
			__id: id,
			namespace,
			code: name.toLowerCase().replace(/ /g, '_'),
			name,
		});
}

/** A channel with a message, a comment on a company and a segment member, for the pickers below them. */
const CHANNEL = 'ea000000-0000-4000-8000-0000000000c1';
const CHANNEL_MESSAGE = 'eb000000-0000-4000-8000-0000000000c2';
const ITEM_COMMENT = 'ec000000-0000-4000-8000-0000000000c3';
const STORED_FILE = 'ef000000-0000-4000-8000-0000000000f1';

/**
 * Every report the scheme lists has rows and every process template has forms, so that no path a
 * user can pick in the sandbox ends in "No output data" (the double's own seed lists some of them
 * empty, for the unit tests of empty answers); every picker that lists what is inside another
 * (a channel's messages, an item's comments, a group's positions, a segment's subscribers) has
 * something to list.
 */
function keepEveryPickerPathFull(platform: Platform): void {
	const at = '2026-01-15T09:00:00Z';
	platform.collection('channels').set(CHANNEL, { __id: CHANNEL, name: 'Team news' });
	platform.collection('channelMessages').set(CHANNEL_MESSAGE, {
		__id: CHANNEL_MESSAGE,
		channel: CHANNEL,
		title: 'Welcome',
		body: 'Welcome to the team channel',
		comments: [],
		__createdAt: at,
	});
	const [[, company]] = MORE_ITEMS;
	platform.collection('comments').set(ITEM_COMMENT, {
		__id: ITEM_COMMENT,
		item: `crm/companies/${company}`,
		body: 'Called the buyer',
		__createdAt: at,
	});
	// A note in every item's activity stream, for the App node's Comment > Reply and Get Replies.
	const commented = new Set([...platform.collection('comments').values()].map((c) => c.item));
	for (const [name, items] of Object.entries(platform.data)) {
		if (!name.startsWith('app:')) continue;
		for (const item of items.values()) {
			const key = `${name.slice('app:'.length)}/${String(item.__id)}`;
			if (commented.has(key)) continue;
			const id = `ed000000-0000-4000-8000-${String(platform.collection('comments').size).padStart(12, '0')}`;
			platform
				.collection('comments')
				.set(id, { __id: id, item: key, body: `Opened "${String(item.__name)}"`, __createdAt: at });
		}
	}
	// A position in every group, for the Scheme node's Group > Remove Members (the group's positions).
	const [position] = platform.collection('schemePositions').keys();
	for (const [id, group] of platform.collection('schemeGroups'))
		if ((group.positions as string[] | undefined)?.length === 0)
			platform.collection('schemeGroups').set(id, { ...group, positions: [position] });
	for (const segment of platform.collection('segments').keys())
		platform.collection('segmentMembers').set(segment, {
			ids: [...platform.collection('subscribers').keys()].slice(0, 1),
		});
	for (const key of platform.collection('schemeReports').keys()) {
		const rows = platform.collection(`reports:${key}`);
		if (rows.size > 0) continue;
		rows.set('r1', { __id: 'r1', __name: 'First row', value: 1 });
		rows.set('r2', { __id: 'r2', __name: 'Second row', value: 2 });
	}
	// A process bound to every application, and a running instance of every template, for the
	// Process node's Section > Application > Process Template > Instance pickers.
	const templates = platform.collection('schemeProcessTemplates');
	for (const app of platform.collection('schemeApps').values()) {
		const namespace = `${String(app.namespace)}.${String(app.code)}`;
		if ([...templates.values()].some((template) => template.namespace === namespace)) continue;
		const id = `8f000000-0000-4000-8000-${String(templates.size).padStart(12, '0')}`;
		const template = {
			__id: id,
			namespace,
			application: app.code,
			code: 'review',
			name: `${String(app.name)} review`,
			context: [field('comment', 'TEXT', 'Comment')],
		};
		templates.set(`${namespace}/review`, template);
		platform.collection('processTemplates').set(id, { __id: id, namespace, code: 'review' });
	}
	const instances = platform.collection('processInstances');
	for (const template of templates.values()) {
		const templateId = String(template.__id);
		if ([...instances.values()].some((instance) => instance.__templateId === templateId)) continue;
		const id = `8e100000-0000-4000-8000-${String(instances.size).padStart(12, '0')}`;
		instances.set(id, {
			__id: id,
			__name: `${String(template.name)} 1`,
			__templateId: templateId,
			__createdAt: at,
			context: { __id: id },
		});
	}
	// A stored file in the Documents directory, for the File node's File ID picker (found by name).
	const [directory] = platform.collection('diskDirectories').keys();
	platform.collection('diskFiles').set(STORED_FILE, {
		__id: STORED_FILE,
		name: 'Price list.txt',
		originalName: 'Price list.txt',
		directory,
		size: 18,
		version: 1,
		hash: 'ef000000-0000-4000-8000-0000000000f2',
		mimeType: 'text/plain',
		data: Buffer.from('Chairs: 249.00 EUR'),
		sha256: createHash('sha256').update('Chairs: 249.00 EUR').digest('hex'),
	});
	const forms = platform.collection('schemeProcessForms');
	for (const key of platform.collection('schemeProcessTemplates').keys()) {
		if (!forms.has(key)) forms.set(key, { forms: [{ code: 'start_form', name: 'Start form' }] });
	}
}
