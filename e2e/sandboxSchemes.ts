/**
 * The sandbox's schemes, so that every picker path of `npm start` ends in real output: process
 * templates with context fields (the Process node's field mapper), each one runnable under the
 * namespace and code its scheme lists, and a report section whose report has rows. Seeded only in
 * the sandbox: the unit tests keep the harness's own scheme seed.
 */
import type { Platform } from '../test/harness/index.ts';

type Entry = Record<string, unknown>;

/** Fixed ids of the seeded process templates (the scheme's `__id`, which instance lists take). */
export const PROCESS_TEMPLATES = {
	approval: '8a000000-0000-4000-8000-0000000000b1',
	dealReview: '8b000000-0000-4000-8000-0000000000b2',
	onboarding: '8c000000-0000-4000-8000-0000000000b3',
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
	for (const [collection, id, name] of MORE_ITEMS)
		platform.collection(collection).set(id, { __id: id, __name: name });
	const rows = platform.collection(`reports:${REPORT.namespace}/${REPORT.code}`);
	rows.set('r1', { __id: 'r1', month: '2026-01', total: 10 });
	rows.set('r2', { __id: 'r2', month: '2026-02', total: 12 });
	keepEveryPickerPathFull(platform);
}

/** A channel with a message, a comment on a company and a segment member, for the pickers below them. */
const CHANNEL = 'ea000000-0000-4000-8000-0000000000c1';
const CHANNEL_MESSAGE = 'eb000000-0000-4000-8000-0000000000c2';
const ITEM_COMMENT = 'ec000000-0000-4000-8000-0000000000c3';

/**
 * Every report the scheme lists has rows and every process template has forms, so that no path a
 * user can pick in the sandbox ends in "No output data" (the double's own seed lists some of them
 * empty, for the unit tests of empty answers); every picker that lists what is inside another
 * (a channel's messages, an item's comments, a segment's subscribers) has something to list.
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
	const forms = platform.collection('schemeProcessForms');
	for (const key of platform.collection('schemeProcessTemplates').keys()) {
		if (!forms.has(key)) forms.set(key, { forms: [{ code: 'start_form', name: 'Start form' }] });
	}
}
