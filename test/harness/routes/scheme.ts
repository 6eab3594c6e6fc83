/**
 * Metadata (schemes), spec 4.5: sections, applications, groups with members, modules, solutions,
 * pages, document and process templates. Seeded once per platform (SCHEME_SEED names the seeded
 * ids, for the Scheme node's tests and for pickers of other nodes); groups can be created,
 * edited, deleted and have members added and removed. Lists answer in the different shapes the
 * platform is seen to use, so clients must find the list wherever it is.
 */
import type { Platform, RecordedRequest, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import type { RequestShape } from '../shapes.ts';
import { arr, bool, digits, listBody, nonEmptyStr, obj, opt, str, uuid } from '../shapes.ts';

const REFERENCE = 'api.elma365.com/en/public-api/reference/scheme';
const SPEC = 'platform-api.md 4.5 (method and path; no body)';

/** A read without body or query (path and method from the reference specification). */
const READ: RequestShape = { evidence: 'documented', source: SPEC };
/** A GET list: the node pages it with from/size in the query, the convention of the platform's lists. */
const PAGED_READ: RequestShape = {
	query: obj({ from: opt(digits), size: opt(digits) }),
	evidence: 'inferred',
	source: `${SPEC}; no reference page found for these lists, from/size in the query inferred from the platform's list paging`,
};
/**
 * Membership bodies: a bare JSON array of the IDs of users, positions or groups. Not on the vendor's
 * pages found; a public test script run against a real company (elma-test.kapitalbank.uz) posts
 * `["<user uuid>"]` to add-items and expects 200, and the documented add-items answer lists
 * `addedItemIds`, one flat list of IDs.
 */
const MEMBERS: RequestShape = {
	body: arr(uuid, 1),
	evidence: 'client',
	source:
		'a test script against a real company posting ["<uuid>"]; answer: api.elma365.com/en/public-api/resources/response-model-for-adding-organizational-units-to-a-group-add-organizational-units-to-a-group',
};
/** remove-items: no reference page found for removeOrgunitsRequest, and no client posts to it; taken to be add-items' body. */
const REMOVED_MEMBERS: RequestShape = {
	body: MEMBERS.body,
	evidence: 'inferred',
	source:
		'no reference page found for removeOrgunitsRequest; the add-items body a real company accepted',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Entry = Record<string, unknown>;

export const SCHEME_SEED = {
	namespaces: { crm: 'crm', hr: 'hr' },
	apps: { deals: 'deals', companies: 'companies', employees: 'employees' },
	users: {
		alice: '0a000000-0000-4000-8000-00000000a11c',
		bob: '0b000000-0000-4000-8000-000000000b0b',
		carol: '0c000000-0000-4000-8000-0000000ca201',
	},
	positions: {
		salesHead: '1a000000-0000-4000-8000-000000005a1e',
		accountant: '1b000000-0000-4000-8000-0000000acc01',
	},
	groups: {
		sales: '2a000000-0000-4000-8000-00000000005a',
		managers: '2b000000-0000-4000-8000-0000000000aa',
		dealReviewers: '2c000000-0000-4000-8000-0000000000d1',
		staff: '2d000000-0000-4000-8000-0000000000f1',
	},
	modules: { telephony: 'telephony', mail: 'mail' },
	solutions: { sales: 'sales_solution', hr: 'hr_solution' },
	pages: {
		dashboard: '3a000000-0000-4000-8000-0000000000da',
		report: '3b000000-0000-4000-8000-0000000000e1',
	},
	docTemplates: {
		contract: '4a000000-0000-4000-8000-0000000000c1',
		invoice: '4b000000-0000-4000-8000-0000000000c2',
	},
	processes: { approval: 'approval', onboarding: 'onboarding', dealReview: 'deal_review' },
	reports: { sales: 'sales_report', pipeline: 'pipeline', headcount: 'headcount' },
	contracts: { agreements: 'agreements' },
	widgets: { kpi: 'kpi_tile' },
	forms: { start: 'start_form', review: 'review_form' },
} as const;

const S = SCHEME_SEED;

function seed(platform: Platform): void {
	const set = (name: string, key: string, entry: Entry) =>
		platform.collection(name).set(key, entry);
	set('schemeNamespaces', S.namespaces.crm, { code: 'crm', name: 'CRM', exportable: true });
	set('schemeNamespaces', S.namespaces.hr, { code: 'hr', name: 'HR', exportable: false });
	set('schemeApps', `crm/${S.apps.deals}`, {
		namespace: 'crm',
		code: 'deals',
		name: 'Deals',
		fields: [
			{
				code: '__name',
				type: 'STRING',
				required: true,
				array: false,
				single: true,
				view: { name: 'Name' },
			},
			{
				code: 'amount',
				type: 'MONEY',
				required: false,
				array: false,
				single: true,
				view: { name: 'Amount' },
			},
		],
		exportable: true,
	});
	set('schemeApps', `crm/${S.apps.companies}`, {
		namespace: 'crm',
		code: 'companies',
		name: 'Companies',
		fields: [],
		exportable: false,
	});
	set('schemeApps', `hr/${S.apps.employees}`, {
		namespace: 'hr',
		code: 'employees',
		name: 'Employees',
		fields: [],
		exportable: true,
	});
	set('schemeUsers', S.users.alice, {
		__id: S.users.alice,
		__name: 'Alice Smith',
		email: 'alice@example.com',
	});
	set('schemeUsers', S.users.bob, {
		__id: S.users.bob,
		__name: 'Bob Jones',
		email: 'bob@example.com',
	});
	set('schemeUsers', S.users.carol, {
		__id: S.users.carol,
		__name: 'Carol White',
		email: 'carol@example.com',
	});
	set('schemePositions', S.positions.salesHead, {
		__id: S.positions.salesHead,
		__name: 'Head of Sales',
	});
	set('schemePositions', S.positions.accountant, {
		__id: S.positions.accountant,
		__name: 'Accountant',
	});
	const group = (id: string, entry: Entry) =>
		set('schemeGroups', id, {
			__id: id,
			description: '',
			isDefault: false,
			isRole: false,
			users: [],
			positions: [],
			subGroups: [],
			...entry,
		});
	group(S.groups.sales, {
		namespace: 'crm',
		code: 'sales',
		__name: 'Sales',
		users: [S.users.alice, S.users.bob],
		positions: [S.positions.salesHead],
		subGroups: [S.groups.managers],
	});
	group(S.groups.managers, {
		namespace: 'crm',
		code: 'managers',
		__name: 'Sales managers',
		users: [S.users.carol],
	});
	group(S.groups.dealReviewers, {
		namespace: 'crm',
		application: 'deals',
		code: 'reviewers',
		__name: 'Deal reviewers',
		isRole: true,
	});
	group(S.groups.staff, {
		namespace: 'hr',
		code: 'staff',
		__name: 'Staff',
		users: [S.users.alice],
		subGroups: [S.groups.sales],
	});
	set('schemeModules', S.modules.telephony, {
		id: S.modules.telephony,
		name: 'Telephony',
		enabled: true,
		exportable: true,
	});
	set('schemeModules', S.modules.mail, {
		id: S.modules.mail,
		name: 'Mail',
		enabled: false,
		exportable: false,
	});
	set('schemeSolutions', S.solutions.sales, {
		code: S.solutions.sales,
		name: 'Sales solution',
		namespaces: ['crm'],
		exportable: true,
	});
	set('schemeSolutions', S.solutions.hr, {
		code: S.solutions.hr,
		name: 'HR solution',
		namespaces: ['hr'],
		exportable: false,
	});
	set('schemePages', S.pages.dashboard, {
		__id: S.pages.dashboard,
		namespace: 'crm',
		code: 'dashboard',
		name: 'Dashboard',
	});
	set('schemePages', S.pages.report, {
		__id: S.pages.report,
		namespace: 'hr',
		code: 'report',
		name: 'HR report',
	});
	set('schemeDocTemplates', S.docTemplates.contract, {
		__id: S.docTemplates.contract,
		namespace: 'crm',
		application: 'deals',
		name: 'Contract',
	});
	set('schemeDocTemplates', S.docTemplates.invoice, {
		__id: S.docTemplates.invoice,
		namespace: 'crm',
		name: 'Invoice',
	});
	set('schemeProcessTemplates', `crm/${S.processes.approval}`, {
		__id: newId(),
		namespace: 'crm',
		code: 'approval',
		name: 'Approval',
	});
	set('schemeProcessTemplates', `crm.deals/${S.processes.dealReview}`, {
		__id: newId(),
		namespace: 'crm.deals',
		application: 'deals',
		code: 'deal_review',
		name: 'Deal review',
	});
	set('schemeProcessTemplates', `hr/${S.processes.onboarding}`, {
		__id: newId(),
		namespace: 'hr',
		code: 'onboarding',
		name: 'Onboarding',
	});
	seedSchemeEntities(set);
}

/**
 * Report, contract and widget schemes and the forms of the approval process. No reference page of
 * these reads was found (reportEntityList, contractEntityList, widgetEntityList, processFormList):
 * the answers are shaped as the other scheme reads are.
 */
function seedSchemeEntities(set: (name: string, key: string, entry: Entry) => void): void {
	const report = (namespace: string, code: string, name: string) =>
		set('schemeReports', `${namespace}/${code}`, { namespace, code, name, __id: newId() });
	report('crm', S.reports.sales, 'Sales by month');
	report('crm', S.reports.pipeline, 'Pipeline');
	report('hr', S.reports.headcount, 'Headcount');
	set('schemeContracts', `crm/${S.contracts.agreements}`, {
		namespace: 'crm',
		code: S.contracts.agreements,
		name: 'Agreements',
		type: 'CONTRACT',
		fields: [{ code: '__name', type: 'STRING', required: true, view: { name: 'Name' } }],
	});
	set('schemeWidgets', `crm/${S.widgets.kpi}`, {
		namespace: 'crm',
		code: S.widgets.kpi,
		name: 'KPI tile',
	});
	set('schemeProcessForms', `crm/${S.processes.approval}`, {
		forms: [
			{ code: S.forms.start, name: 'Start form' },
			{ code: S.forms.review, name: 'Review' },
		],
	});
}

function all(platform: Platform, name: string): Entry[] {
	return [...platform.collection(name).values()];
}

function inNamespace(
	platform: Platform,
	name: string,
	namespace: string,
	application?: string,
): Entry[] {
	return all(platform, name).filter((entry) => {
		const ns = String(entry.namespace ?? '').split('.')[0];
		if (ns !== namespace) return false;
		return application === undefined
			? entry.application === undefined
			: entry.application === application;
	});
}

function missingNamespace(platform: Platform, namespace: string): Reply | undefined {
	return platform.collection('schemeNamespaces').has(namespace)
		? undefined
		: fail(404, `namespace ${namespace} not found`);
}

function missingApp(platform: Platform, namespace: string, code: string): Reply | undefined {
	return (
		missingNamespace(platform, namespace) ??
		(platform.collection('schemeApps').has(`${namespace}/${code}`)
			? undefined
			: fail(404, `application ${namespace}.${code} not found`))
	);
}

function found(entry: Entry | undefined, what: string, id: string): Reply {
	return entry ? ok({ item: entry }) : fail(404, `${what} ${id} not found`);
}

function exportability(entry: Entry | undefined, what: string, id: string): Reply {
	if (!entry) return fail(404, `${what} ${id} not found`);
	return ok({
		exportable: entry.exportable === true,
		reasons: entry.exportable === true ? [] : [`${what} uses components that cannot be exported`],
	});
}

function existingGroup(platform: Platform, id: string): Entry | Reply {
	if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
	const group = platform.collection('schemeGroups').get(id);
	return group ?? fail(404, `group ${id} not found`);
}

function isReply(value: Entry | Reply): value is Reply {
	return 'status' in value && 'body' in value && !('__id' in value);
}

const MEMBER_KINDS: Array<[key: string, collection: string]> = [
	['users', 'schemeUsers'],
	['positions', 'schemePositions'],
	['subGroups', 'schemeGroups'],
];

/** Which member list of a group an ID belongs to (a user, a position or a group), or a 400 reply. */
function memberKinds(
	platform: Platform,
	groupId: string,
	ids: string[],
): Array<[string, string]> | Reply {
	const kinds: Array<[string, string]> = [];
	for (const id of ids) {
		if (id === groupId) return fail(400, 'a group cannot contain itself');
		const kind = MEMBER_KINDS.find(([, collection]) => platform.collection(collection).has(id));
		if (!kind) return fail(404, `org-structure item ${id} not found`);
		kinds.push([kind[0], id]);
	}
	return kinds;
}

function members(platform: Platform, group: Entry, key: string, collection: string): Reply {
	const ids = (group[key] ?? []) as string[];
	return ok({ result: ids.map((id) => platform.collection(collection).get(id) ?? { __id: id }) });
}

function tableFilter(entries: Entry[], body: Record<string, unknown>): Entry[] {
	const tf = ((body.filter ?? {}) as Record<string, unknown>).tf as
		| Record<string, unknown>
		| undefined;
	if (!tf) return entries;
	return entries.filter((entry) =>
		Object.entries(tf).every(([field, wanted]) =>
			typeof wanted === 'string'
				? String(entry[field] ?? '')
						.toLowerCase()
						.includes(wanted.toLowerCase())
				: JSON.stringify(entry[field]) === JSON.stringify(wanted),
		),
	);
}

export function registerScheme(platform: Platform): void {
	seed(platform);
	const base = '/pub/v1/scheme';
	platform
		// Sections
		.route(
			'GET',
			`${base}/namespaces`,
			(request, _params, p) => page(all(p, 'schemeNamespaces'), request.query),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace`,
			(_request, { namespace }, p) =>
				found(p.collection('schemeNamespaces').get(namespace), 'namespace', namespace),
			READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:code/exportable`,
			(_request, { code }, p) =>
				exportability(p.collection('schemeNamespaces').get(code), 'namespace', code),
			READ,
		)
		// Applications: the list comes as {result: [...]}
		.route(
			'GET',
			`${base}/namespaces/:namespace/apps`,
			(_request, { namespace }, p) =>
				missingNamespace(p, namespace) ??
				ok({ result: all(p, 'schemeApps').filter((app) => app.namespace === namespace) }),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/apps/:code`,
			(_request, { namespace, code }, p) =>
				missingNamespace(p, namespace) ??
				found(
					p.collection('schemeApps').get(`${namespace}/${code}`),
					'application',
					`${namespace}.${code}`,
				),
			READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/apps/:code/exportable`,
			(_request, { namespace, code }, p) =>
				missingNamespace(p, namespace) ??
				exportability(
					p.collection('schemeApps').get(`${namespace}/${code}`),
					'application',
					`${namespace}.${code}`,
				),
			READ,
		)
		// Groups
		.route(
			'GET',
			`${base}/namespaces/:namespace/groups`,
			(request, { namespace }, p) =>
				missingNamespace(p, namespace) ??
				page(inNamespace(p, 'schemeGroups', namespace), request.query),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/apps/:code/groups`,
			(request, { namespace, code }, p) =>
				missingApp(p, namespace, code) ??
				page(inNamespace(p, 'schemeGroups', namespace, code), request.query),
			PAGED_READ,
		)
		.route(
			'POST',
			`${base}/groups/list`,
			(request: RecordedRequest, _params, p) => {
				const body = (request.body ?? {}) as Record<string, unknown>;
				return page(tableFilter(all(p, 'schemeGroups'), body), body);
			},
			{
				body: listBody({}, ['fields', 'statusCode', 'statusGroupId']),
				evidence: 'inferred',
				source: `${SPEC.replace('; no body', '')}; body inferred from the vendor's list body (user list)`,
			},
		)
		.route(
			'POST',
			`${base}/namespaces/:namespace/groups`,
			(request, { namespace }, p) => {
				const missing = missingNamespace(p, namespace);
				if (missing) return missing;
				const item: Entry = {
					description: '',
					isDefault: false,
					isRole: false,
					...(request.body as Entry),
					__id: newId(),
					namespace,
					users: [],
					positions: [],
					subGroups: [],
				};
				p.collection('schemeGroups').set(item.__id as string, item);
				return ok({ item });
			},
			{
				body: obj({
					__name: nonEmptyStr,
					description: opt(str),
					isDefault: opt(bool),
					isRole: opt(bool),
				}),
				evidence: 'documented',
				source: `${REFERENCE}/groupcreate`,
			},
		)
		.route(
			'GET',
			`${base}/groups/:id`,
			(_request, { id }, p) => {
				const group = existingGroup(p, id);
				return isReply(group) ? group : ok({ item: group });
			},
			READ,
		)
		.route(
			'PUT',
			`${base}/groups/:id`,
			(request, { id }, p) => {
				const group = existingGroup(p, id);
				if (isReply(group)) return group;
				const item = { ...group, ...(request.body as Entry), __id: id };
				p.collection('schemeGroups').set(id, item);
				return ok({ item });
			},
			{
				body: obj({ __name: opt(nonEmptyStr), description: opt(str), isDefault: opt(bool) }),
				evidence: 'documented',
				source: `${REFERENCE}/updaterequest`,
			},
		)
		.route(
			'DELETE',
			`${base}/groups/:id`,
			(_request, { id }, p) => {
				const group = existingGroup(p, id);
				if (isReply(group)) return group;
				if (group.system === true) return fail(400, 'system groups cannot be deleted');
				p.collection('schemeGroups').delete(id);
				return ok();
			},
			READ,
		)
		.route(
			'POST',
			`${base}/groups/:id/add-items`,
			(request, { id }, p) => {
				const group = existingGroup(p, id);
				if (isReply(group)) return group;
				const kinds = memberKinds(p, id, request.body as string[]);
				if (!Array.isArray(kinds)) return kinds;
				const next = { ...group };
				const addedItemIds: string[] = [];
				for (const [key, member] of kinds) {
					const current = (next[key] ?? []) as string[];
					if (current.includes(member)) continue;
					next[key] = [...current, member];
					addedItemIds.push(member);
				}
				p.collection('schemeGroups').set(id, next);
				return ok({ addedItemIds });
			},
			MEMBERS,
		)
		.route(
			'POST',
			`${base}/groups/:id/remove-items`,
			(request, { id }, p) => {
				const group = existingGroup(p, id);
				if (isReply(group)) return group;
				const kinds = memberKinds(p, id, request.body as string[]);
				if (!Array.isArray(kinds)) return kinds;
				const next = { ...group };
				for (const [key, member] of kinds)
					next[key] = ((next[key] ?? []) as string[]).filter((known) => known !== member);
				p.collection('schemeGroups').set(id, next);
				return ok();
			},
			REMOVED_MEMBERS,
		)
		.route(
			'GET',
			`${base}/groups/:id/parent-groups`,
			(request, { id }, p) => {
				const group = existingGroup(p, id);
				if (isReply(group)) return group;
				return page(
					all(p, 'schemeGroups').filter((g) => ((g.subGroups ?? []) as string[]).includes(id)),
					request.query,
				);
			},
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/groups/:id/positions`,
			(_request, { id }, p) => {
				const group = existingGroup(p, id);
				return isReply(group) ? group : members(p, group, 'positions', 'schemePositions');
			},
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/groups/:id/sub-groups`,
			(_request, { id }, p) => {
				const group = existingGroup(p, id);
				return isReply(group) ? group : members(p, group, 'subGroups', 'schemeGroups');
			},
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/groups/:id/users`,
			(_request, { id }, p) => {
				const group = existingGroup(p, id);
				return isReply(group) ? group : members(p, group, 'users', 'schemeUsers');
			},
			PAGED_READ,
		)
		// Modules and solutions: lists named after what they hold
		.route(
			'GET',
			`${base}/modules`,
			(_request, _params, p) => ok({ modules: all(p, 'schemeModules') }),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/modules/:id`,
			(_request, { id }, p) => found(p.collection('schemeModules').get(id), 'module', id),
			READ,
		)
		.route(
			'GET',
			`${base}/modules/:id/exportable`,
			(_request, { id }, p) => exportability(p.collection('schemeModules').get(id), 'module', id),
			READ,
		)
		.route(
			'GET',
			`${base}/solutions`,
			(_request, _params, p) => ok({ solutions: all(p, 'schemeSolutions') }),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/solutions/:code`,
			(_request, { code }, p) => found(p.collection('schemeSolutions').get(code), 'solution', code),
			READ,
		)
		.route(
			'GET',
			`${base}/solutions/:code/exportable`,
			(_request, { code }, p) =>
				exportability(p.collection('schemeSolutions').get(code), 'solution', code),
			READ,
		)
		// Pages and templates
		.route(
			'GET',
			`${base}/namespaces/:namespace/pages`,
			(request, { namespace }, p) =>
				missingNamespace(p, namespace) ??
				page(inNamespace(p, 'schemePages', namespace), request.query),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/pages/:id`,
			(_request, { id }, p) => found(p.collection('schemePages').get(id), 'page', id),
			READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/doctemplates`,
			(request, { namespace }, p) =>
				missingNamespace(p, namespace) ??
				page(inNamespace(p, 'schemeDocTemplates', namespace), request.query),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/apps/:code/doctemplates`,
			(request, { namespace, code }, p) =>
				missingApp(p, namespace, code) ??
				page(inNamespace(p, 'schemeDocTemplates', namespace, code), request.query),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/doctemplates/:id`,
			(_request, { id }, p) =>
				found(p.collection('schemeDocTemplates').get(id), 'document template', id),
			READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/processes`,
			(_request, { namespace }, p) =>
				missingNamespace(p, namespace) ??
				ok({ processes: inNamespace(p, 'schemeProcessTemplates', namespace) }),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/apps/:code/processes`,
			(_request, { namespace, code }, p) =>
				missingApp(p, namespace, code) ??
				ok({ processes: inNamespace(p, 'schemeProcessTemplates', namespace, code) }),
			PAGED_READ,
		)
		.route(
			'GET',
			`${base}/namespaces/:namespace/processes/:code`,
			(_request, { namespace, code }, p) => {
				const template = p.collection('schemeProcessTemplates').get(`${namespace}/${code}`);
				return found(template, 'process template', `${namespace}.${code}`);
			},
			READ,
		);
	registerSchemeEntities(platform, base);
}

/** What a list of report, contract or widget schemes answers: each in its own shape, as the other lists. */
const ENTITY_LISTS: Array<[segment: string, collection: string, what: string, answer: ListAnswer]> =
	[
		['reports', 'schemeReports', 'report', (entries, query) => page(entries, query)],
		['contracts', 'schemeContracts', 'contract', (entries) => ok({ result: entries })],
		['widgets', 'schemeWidgets', 'widget', (entries) => ok({ widgets: entries })],
	];

type ListAnswer = (entries: Entry[], query: RecordedRequest['query']) => Reply;

/** The schemes of one kind in a section (the key is `namespace/code`). */
function entitiesOf(platform: Platform, collection: string, namespace: string): Entry[] {
	return all(platform, collection).filter((entry) => entry.namespace === namespace);
}

/** Report, contract and widget schemes (list and get), and a process's forms. */
function registerSchemeEntities(platform: Platform, base: string): void {
	for (const [segment, collection, what, answer] of ENTITY_LISTS) {
		platform
			.route(
				'GET',
				`${base}/namespaces/:namespace/${segment}`,
				(request, { namespace }, p) =>
					missingNamespace(p, namespace) ??
					answer(entitiesOf(p, collection, namespace), request.query),
				PAGED_READ,
			)
			.route(
				'GET',
				`${base}/namespaces/:namespace/${segment}/:code`,
				(_request, { namespace, code }, p) =>
					missingNamespace(p, namespace) ??
					found(p.collection(collection).get(`${namespace}/${code}`), what, `${namespace}.${code}`),
				READ,
			);
	}
	platform.route(
		'GET',
		`${base}/namespaces/:namespace/processes/:code/forms`,
		(_request, { namespace, code }, p) => {
			const template = p.collection('schemeProcessTemplates').get(`${namespace}/${code}`);
			if (!template) return fail(404, `process template ${namespace}.${code} not found`);
			const forms = p.collection('schemeProcessForms').get(`${namespace}/${code}`);
			return ok({ forms: (forms?.forms as Entry[] | undefined) ?? [] });
		},
		PAGED_READ,
	);
}
