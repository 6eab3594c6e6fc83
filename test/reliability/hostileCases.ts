/**
 * The tables of the hostile-input suite (hostile.test.ts): every operation of the nodes that puts
 * a user value into a URL path, every validated field, the hostile values, and the oracles that say
 * what a node must do with a value: send it (and how it looks on the wire) or refuse it, naming the
 * field and the item, before any request.
 *
 * Values reach the nodes through an expression (`={{ $json.v }}`) over the input item, so anything an
 * upstream node can produce arrives unchanged: any string, numbers (NaN, Infinity, -0), objects,
 * arrays, null, dates. A value picked from a list is typed in the picker's "By ID" or "By Code" mode.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';
import { PATH_PARAMS } from '../../nodes/Elma365Scheme/actions/pathParams';
import { SCHEME_ROWS } from '../../nodes/Elma365Scheme/actions/table';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { ok } from '../harness/index.ts';
import { byId, byCode } from '../harness/setup';

export const UUID = '7d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const OTHER_UUID = '0b9e8f7a-6d5c-4b3a-9f8e-7d6c5b4a3f2e';
/** A position no hostile value can be: the fixed member of the group membership field case. */
const FIXED_POSITION = '1c000000-0000-4000-8000-00000000f1ed';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the hostile value goes: an expression reading it from the input item. */
export const V = '={{ $json.v }}';
export const V_BY_ID = byId(V);

/** A small binary file on the input item, for uploads and imports. */
export function fileItem(
	meta: { fileName?: unknown; mimeType?: unknown } = { fileName: 'a.txt', mimeType: 'text/plain' },
) {
	return { data: { data: Buffer.from('hello').toString('base64'), ...meta } };
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONG_10K = 'x'.repeat(10_000);
const LONG_100K = 'y'.repeat(100_000);

/** The explicit hostile strings every table meets, besides what fast-check makes up. */
export const HOSTILE_STRINGS: string[] = [
	'../',
	'..',
	'.',
	' .. ',
	'/..',
	'../../scheme/namespaces',
	'..%2F',
	'%2E%2E',
	'%2F',
	'%',
	'%00',
	'%zz',
	'a/b',
	'a?b#c',
	'?',
	'#',
	'&x=1',
	'a;b',
	'a=b',
	'+',
	'\\',
	'a\\..\\b',
	'\r\nX-Injected: 1',
	'a\r\nX-Injected: 1',
	'a\nb',
	'a\rb',
	'\t',
	'\u0000',
	'a\u0000b',
	'\u007f',
	'\uD800',
	'a\uDC00b',
	'\uDBFF\uDFFF',
	'😀',
	'👩‍👩‍👧‍👦',
	'e\u0301',
	'Ā𐐷',
	'\u202Eevil\u202C',
	'\u200F',
	'\u200B',
	'\uFEFF',
	'Счёт №1',
	'名前',
	'مرحبا',
	'',
	' ',
	'   ',
	'\t\n',
	'\u00A0',
	'\u3000',
	'__proto__',
	'constructor',
	'toString',
	'={{ 1 + 1 }}',
	'{{ $json }}',
	'$(whoami)',
	"'; DROP TABLE x; --",
	'<script>',
	'null',
	'undefined',
	'true',
	'NaN',
	'-0',
	'1e3',
	'0x10',
	' 42 ',
	UUID,
	` ${UUID} `,
	UUID.toUpperCase(),
	`${UUID}\n`,
	`${UUID}/x`,
	`${UUID}?a=b`,
	`${UUID}%00`,
	UUID.slice(1),
	LONG_10K,
	LONG_100K,
	`${'é'.repeat(5_000)}`,
	`${'😀'.repeat(3_000)}`,
];

/** Hostile values that are not strings. */
export const HOSTILE_OTHERS: unknown[] = [
	0,
	-0,
	1,
	-1,
	42,
	2.5,
	NaN,
	Infinity,
	-Infinity,
	2 ** 53,
	-(2 ** 53),
	1e21,
	Number.MAX_VALUE,
	Number.MIN_VALUE,
	true,
	false,
	null,
	[],
	[UUID],
	['a', 'b'],
	{},
	{ a: 1 },
	{ __rl: true, mode: 'id', value: UUID },
	// An object String() cannot convert (its toString is not a function), as an upstream JSON can hold.
	{ toString: [] },
	[[[[]]]],
	new Date('2027-01-01T00:00:00Z'),
	new Date(8.64e15),
	new Date(Number.NaN),
];

export const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_OTHERS];

/** Characters that break paths, headers, JSON and Unicode, for strings made of them. */
const NASTY_CHARS = [
	'.',
	'/',
	'\\',
	'%',
	'2',
	'E',
	'e',
	'F',
	'?',
	'#',
	'&',
	';',
	'=',
	' ',
	'\t',
	'\r',
	'\n',
	'\u0000',
	'\uD800',
	'\uDC00',
	'😀',
	'\u202E',
	'-',
	'a',
	'"',
	"'",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
	fc.string({ unit: 'grapheme', maxLength: 30 }),
	fc.string({ unit: 'binary', maxLength: 30 }),
	fc.string({ unit: 'binary-ascii', maxLength: 20 }),
	fc.string({ unit: fc.constantFrom(...NASTY_CHARS), maxLength: 12 }),
	fc.constantFrom(...HOSTILE_STRINGS),
	fc.tuple(fc.constantFrom('', ' ', '\t', '\n'), fc.uuid()).map(([space, id]) => `${space}${id}`),
);

const safeKey = fc
	.string({ maxLength: 8 })
	.filter((key) => !['__proto__', 'constructor', 'prototype'].includes(key));

/** JSON-like values without the keys n8n's deep copies drop (`__proto__`, `constructor`, `prototype`). */
export const jsonLike: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small' },
		fc.string({ unit: 'grapheme', maxLength: 10 }),
		fc.integer(),
		fc.boolean(),
		fc.constant(null),
		fc.array(tie('value'), { maxLength: 3 }),
		fc.dictionary(safeKey, tie('value'), { maxKeys: 3, noNullPrototype: true }),
	),
})).value;

/** Anything an upstream node or expression can hand over. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
	{ arbitrary: hostileString, weight: 8 },
	{ arbitrary: fc.double(), weight: 1 },
	{ arbitrary: fc.integer(), weight: 1 },
	{ arbitrary: fc.constantFrom(...HOSTILE_OTHERS), weight: 2 },
	{ arbitrary: fc.array(fc.oneof(hostileString, fc.uuid()), { maxLength: 3 }), weight: 1 },
	{ arbitrary: fc.dictionary(safeKey, jsonLike, { maxKeys: 3, noNullPrototype: true }), weight: 1 },
);

// ---------------------------------------------------------------------------------------------
// Path parameters

export type SegmentKind = 'uuid' | 'text';

export interface PathVar {
	/** The parameter's name in the error message. */
	field: string;
	kind: SegmentKind;
}

export interface PathCase {
	node: string;
	label: string;
	/** The node's parameters; every path parameter reads the hostile value (`V` or `V_BY_ID`). */
	parameters: Record<string, unknown>;
	/** The path variables in the order the node checks them. */
	vars: PathVar[];
	/** The requests an accepted item makes: method and path below /pub/v1 (a module's method: `/api/extensions/...` as it is), `{}` for each variable in order. */
	requests: Array<[string, string]>;
	/** Output items an accepted item gives (default 1). */
	outputs?: number;
	binary?: boolean;
	/** Items of one execution are sent together, one request per distinct target (in order of first appearance). */
	batched?: boolean;
	/** Replies to script, given the double's URL (default: a healthy answer to any request). */
	replies?: (url: string) => Array<[string, RegExp, Reply]>;
}

/** A healthy answer every operation can read: an item, a one-entry list, bindings, a link. */
export const HEALTHY = ok({
	item: { __id: UUID, __name: 'healthy' },
	result: { result: [{ __id: UUID, __name: 'healthy' }], total: 1 },
	context: { __id: UUID },
	bindings: [{ extension: '101', userId: UUID }],
});

const text = (field: string): PathVar => ({ field, kind: 'text' });
const uuid = (field: string): PathVar => ({ field, kind: 'uuid' });

/** App, Contract and Report items: `/{prefix}/{namespace}/{code}...`. */
function itemCases(
	node: string,
	prefix: string,
	codeParam: string,
	codeField: string,
	operations: Array<[string, string, string, boolean, Record<string, unknown>?]>,
): PathCase[] {
	return operations.map(([resource, operation, suffix, withId, extra]) => ({
		node,
		label: `${node} ${resource} ${operation}`,
		parameters: {
			resource,
			operation,
			namespace: byCode(V),
			[codeParam]: byCode(V),
			...(withId ? { itemId: V_BY_ID } : {}),
			...extra,
		},
		vars: [text('Section Code'), text(codeField), ...(withId ? [uuid('Item ID')] : [])],
		requests: [
			[
				suffix.startsWith('GET ') ? 'GET' : 'POST',
				`/${prefix}/{}/{}${withId ? '/{}' : ''}${suffix.replace(/^(GET|POST) /, '')}`,
			],
		],
	}));
}

/** Every scheme row with a path variable, straight from the node's table. */
function schemeRowCases(): PathCase[] {
	return SCHEME_ROWS.filter((row) => row.path.includes('{')).map((row) => {
		const names = [...row.path.matchAll(/\{(\w+)\}/g)].map(
			(match) => match[1] as keyof typeof PATH_PARAMS,
		);
		const parameters: Record<string, unknown> = {
			resource: row.resource,
			operation: row.operation,
		};
		// Each path value is a picker: typed by ID where the platform names it by an ID, else by code.
		for (const name of names)
			parameters[name] = PATH_PARAMS[name].displayName.endsWith(' ID') ? V_BY_ID : byCode(V);
		if (row.list) parameters.returnAll = true;
		return {
			node: 'elma365Scheme',
			label: `elma365Scheme ${row.resource} ${row.operation}`,
			parameters,
			vars: names.map((name) =>
				('uuid' in PATH_PARAMS[name] ? uuid : text)(PATH_PARAMS[name].displayName),
			),
			requests: [[row.method, row.path.replace(/\{\w+\}/g, '{}')]],
		};
	});
}

/**
 * An item's fields from the form, for the path cases: pairs and JSON first read the application's
 * scheme (for their fields' types) at the same hostile path; these cases are about the one request
 * each item sends.
 */
export const FROM_THE_FORM = {
	fieldsInputMode: 'mapper',
	columns: {
		mappingMode: 'defineBelow',
		value: { __name: 'x' },
		matchingColumns: [],
		schema: [{ id: '__name', displayName: 'Name', type: 'string', display: true }],
	},
};

export const PATH_CASES: PathCase[] = [
	// Nomenclature
	{
		node: 'elma365Nomenclature',
		label: 'Nomenclature case update',
		parameters: {
			resource: 'case',
			operation: 'update',
			caseId: V_BY_ID,
			directoryId: byId(UUID),
			docflow: 'input',
			name: 'Memos',
		},
		vars: [uuid('Case')],
		requests: [['PUT', '/nomenclature/{}']],
	},
	{
		node: 'elma365Nomenclature',
		label: 'Nomenclature directory update',
		parameters: {
			resource: 'directory',
			operation: 'update',
			directoryId: V_BY_ID,
			name: 'Renamed',
		},
		vars: [uuid('Directory')],
		requests: [['PUT', '/nomenclature/directory/{}']],
	},
	// File
	{
		node: 'elma365File',
		label: 'File directory get',
		parameters: { resource: 'directory', operation: 'get', directoryId: V_BY_ID },
		vars: [uuid('Directory')],
		requests: [['GET', '/disk/directory/{}']],
	},
	{
		node: 'elma365File',
		label: 'File upload to directory',
		binary: true,
		parameters: { resource: 'file', operation: 'uploadToDirectory', directoryId: V_BY_ID },
		vars: [uuid('Directory')],
		requests: [['POST', '/disk/directory/{}/upload']],
	},
	{
		node: 'elma365File',
		label: 'File get download link',
		parameters: { resource: 'file', operation: 'getDownloadLink', fileId: V_BY_ID },
		vars: [uuid('File ID')],
		requests: [['POST', '/disk/file/{}/get-link']],
	},
	{
		node: 'elma365File',
		label: 'File download',
		parameters: { resource: 'file', operation: 'download', fileId: V_BY_ID },
		vars: [uuid('File ID')],
		requests: [
			['POST', '/disk/file/{}/get-link'],
			['GET', '/disk/blob/file.bin'],
		],
		replies: (url) => [
			['POST', /\/get-link$/, ok({ Link: `${url}/pub/v1/disk/blob/file.bin` })],
			[
				'GET',
				/^\/pub\/v1\/disk\/blob\//,
				{
					status: 200,
					headers: { 'content-type': 'application/octet-stream' },
					body: Buffer.from('bytes'),
				},
			],
		],
	},
	// Marketing
	{
		node: 'elma365Marketing',
		label: 'Marketing segment get',
		parameters: { resource: 'segment', operation: 'get', segmentId: V_BY_ID },
		vars: [uuid('Segment')],
		requests: [['GET', '/marketing/segment/{}']],
	},
	{
		node: 'elma365Marketing',
		label: 'Marketing segment get subscribers',
		parameters: {
			resource: 'segment',
			operation: 'getSubscribers',
			segmentId: V_BY_ID,
			returnAll: true,
		},
		vars: [uuid('Segment')],
		requests: [['POST', '/marketing/segment/{}/subscribers']],
	},
	{
		node: 'elma365Marketing',
		label: 'Marketing segment add subscribers',
		parameters: {
			resource: 'segment',
			operation: 'addSubscribers',
			segmentId: V_BY_ID,
			subscriberIds: { subscriber: [{ id: byId(OTHER_UUID) }] },
		},
		batched: true,
		vars: [uuid('Segment')],
		requests: [['PATCH', '/marketing/segment/{}/subscribers/add']],
	},
	{
		node: 'elma365Marketing',
		label: 'Marketing segment remove subscribers',
		parameters: {
			resource: 'segment',
			operation: 'removeSubscribers',
			segmentId: V_BY_ID,
			subscriberIds: { subscriber: [{ id: byId(OTHER_UUID) }] },
		},
		batched: true,
		vars: [uuid('Segment')],
		requests: [['PATCH', '/marketing/segment/{}/subscribers/remove']],
	},
	// App, Contract, Report: every operation with the section and application codes (and item ID)
	...itemCases('elma365App', 'app', 'application', 'Application Code', [
		['item', 'get', '/get', true],
		['item', 'update', '/update', true, FROM_THE_FORM],
		['item', 'setStatus', '/set-status', true, { statusCode: 'done' }],
		// One request per item: in one request (the default) the batch path has no user value.
		['item', 'create', '/create', false, { ...FROM_THE_FORM, sendInOneRequest: false }],
		['item', 'getAll', '/list', false, { returnAll: true }],
		['item', 'getImportStatus', '/import/status', false],
		['application', 'getStatus', 'GET /settings/status', false],
	]),
	// Import uploads the file first (no path variable), then imports it by hash.
	{
		node: 'elma365App',
		label: 'elma365App item import',
		parameters: {
			resource: 'item',
			operation: 'import',
			namespace: byCode(V),
			application: byCode(V),
			format: 'csv',
		},
		vars: [text('Section Code'), text('Application Code')],
		requests: [
			['POST', '/disk/file/upload'],
			['POST', '/app/{}/{}/import'],
		],
		binary: true,
	},
	...itemCases('elma365Contract', 'contracts', 'application', 'Contract Application Code', [
		['item', 'get', 'GET /get', true],
		['item', 'update', '/update', true, FROM_THE_FORM],
		['item', 'create', '/create', false, FROM_THE_FORM],
		['item', 'getAll', '/list', false, { returnAll: true }],
	]),
	...itemCases('elma365Report', 'reports', 'report', 'Report Code', [
		['item', 'getAll', '/list', false, { returnAll: true }],
	]),
	// Process
	{
		node: 'elma365Process',
		label: 'Process start',
		parameters: {
			resource: 'process',
			operation: 'start',
			namespace: byCode(V),
			processCode: byCode(V),
		},
		vars: [text('Section'), text('Process Code')],
		requests: [['POST', '/bpm/template/{}/{}/run']],
	},
	{
		node: 'elma365Process',
		label: 'Process instance get',
		parameters: { resource: 'instance', operation: 'get', instanceId: V_BY_ID },
		vars: [uuid('Instance')],
		requests: [['POST', '/bpm/instance/{}/get']],
	},
	{
		node: 'elma365Process',
		label: 'Process instance get many by template',
		parameters: {
			resource: 'instance',
			operation: 'getAll',
			by: 'template',
			templateId: V_BY_ID,
			returnAll: true,
		},
		vars: [uuid('Template ID')],
		requests: [['POST', '/bpm/instance/bytemplateid/{}/list']],
	},
	// Telephony
	{
		node: 'elma365Telephony',
		label: 'Telephony binding get',
		parameters: { resource: 'binding', operation: 'get', moduleCode: byCode(V) },
		vars: [text('Module Code')],
		requests: [['GET', '/integration/{}/voip/bindings']],
	},
	{
		node: 'elma365Telephony',
		label: 'Telephony binding update',
		parameters: {
			resource: 'binding',
			operation: 'update',
			moduleCode: byCode(V),
			mode: 'replace',
			bindingsJson: `{"101": "${UUID}"}`,
		},
		vars: [text('Module Code')],
		requests: [['PUT', '/integration/{}/voip/bindings']],
	},
	// Scheme: the table's rows, and the group operations with a body
	...schemeRowCases(),
	{
		node: 'elma365Scheme',
		label: 'Scheme group create',
		parameters: { resource: 'group', operation: 'create', namespace: byCode(V), name: 'Sales' },
		vars: [text('Section Code')],
		requests: [['POST', '/scheme/namespaces/{}/groups']],
	},
	{
		node: 'elma365Scheme',
		label: 'Scheme group update',
		parameters: {
			resource: 'group',
			operation: 'update',
			groupId: V_BY_ID,
			updateFields: { name: 'Renamed' },
		},
		vars: [uuid('Group ID')],
		requests: [['PUT', '/scheme/groups/{}']],
	},
	{
		node: 'elma365Scheme',
		label: 'Scheme group add members',
		parameters: {
			resource: 'group',
			operation: 'addMembers',
			groupId: V_BY_ID,
			userIds: { user: [{ id: byId(OTHER_UUID) }] },
		},
		batched: true,
		vars: [uuid('Group ID')],
		requests: [['POST', '/scheme/groups/{}/add-items']],
	},
	{
		node: 'elma365Scheme',
		label: 'Scheme group remove members',
		parameters: {
			resource: 'group',
			operation: 'removeMembers',
			groupId: V_BY_ID,
			userIds: { user: [{ id: byId(OTHER_UUID) }] },
		},
		batched: true,
		vars: [uuid('Group ID')],
		requests: [['POST', '/scheme/groups/{}/remove-items']],
	},
	// Tasks, process control and item comments
	...taskCases(),
	{
		node: 'elma365Process',
		label: 'Process instance interrupt',
		parameters: { resource: 'instance', operation: 'interrupt', instanceId: V_BY_ID },
		vars: [uuid('Instance')],
		requests: [['POST', '/bpm/instance/{}/interrupt']],
	},
	...(['create', 'getAll'] as const).map(
		(operation): PathCase => ({
			node: 'elma365App',
			label: `elma365App comment ${operation}`,
			parameters: {
				resource: 'comment',
				operation,
				namespace: byCode(V),
				application: byCode(V),
				itemId: V_BY_ID,
				text: 'Looks good',
				returnAll: true,
			},
			vars: [text('Section Code'), text('Application Code'), uuid('Item ID')],
			requests: [
				operation === 'create'
					? ['POST', '/feed/{}/{}/{}/message']
					: ['POST', '/feed/{}/{}/{}/message/list'],
			],
		}),
	),
	...newOperationCases(),
	{
		node: 'elma365Task',
		label: 'elma365Task task getAll of a user',
		parameters: {
			resource: 'task',
			operation: 'getAll',
			scope: 'performer',
			userId: V_BY_ID,
			returnAll: true,
		},
		vars: [uuid('User')],
		requests: [['POST', '/tasks/list/of/{}']],
	},
];

/** Process control on one instance: the instance's ID, then the action. */
function instanceActionCases(): PathCase[] {
	const rows: Array<[string, string, string, Record<string, unknown>]> = [
		[
			'updateContext',
			'PUT',
			'/context',
			{ comment: 'Why', fieldsInputMode: 'json', fieldsJson: '{"a": 1}' },
		],
		['skipStep', 'POST', '/skip-step', {}],
		['restartStep', 'POST', '/restart-step', {}],
		['moveToVersion', 'POST', '/version', {}],
	];
	return rows.map(([operation, method, suffix, extra]) => ({
		node: 'elma365Process',
		label: `elma365Process instance ${operation}`,
		parameters: { resource: 'instance', operation, instanceId: V_BY_ID, ...extra },
		vars: [uuid('Instance')],
		requests: [[method, `/bpm/instance/{}${suffix}`]],
	}));
}

/** A process template addressed by section and code: its instances listed, or all moved on. */
function templateCodeCases(): PathCase[] {
	const rows: Array<[string, string, Record<string, unknown>]> = [
		['getAll', '/list', { by: 'templateCode', returnAll: true }],
		['moveAllToVersion', '/version', {}],
	];
	return rows.map(([operation, suffix, extra]) => ({
		node: 'elma365Process',
		label: `elma365Process instance ${operation} by template code`,
		parameters: {
			resource: 'instance',
			operation,
			namespace: byCode(V),
			processCode: byCode(V),
			...extra,
		},
		vars: [text('Section'), text('Process Template')],
		requests: [['POST', `/bpm/instance/bytemplate/{}/{}${suffix}`]],
	}));
}

/** A message in an item's activity stream: the message's ID is checked first, then the item's path. */
function itemMessageCases(): PathCase[] {
	return (['reply', 'getReplies'] as const).map((operation) => ({
		node: 'elma365App',
		label: `elma365App comment ${operation}`,
		parameters: {
			resource: 'comment',
			operation,
			namespace: byCode(V),
			application: byCode(V),
			itemId: V_BY_ID,
			messageId: V_BY_ID,
			text: 'Agreed',
			returnAll: true,
		},
		vars: [uuid('Message ID'), text('Section Code'), text('Application Code'), uuid('Item ID')],
		requests: [
			['POST', `/feed/{}/{}/{}/message/{}/${operation === 'reply' ? 'comment' : 'comment/list'}`],
		],
	}));
}

/** Create or Update: the list by the match values, then (nothing matching) the create. */
function upsertCases(): PathCase[] {
	const columns = {
		mappingMode: 'defineBelow',
		value: { __name: 'x' },
		matchingColumns: ['__name'],
		schema: [{ id: '__name', displayName: 'Name', type: 'string', platformType: 'STRING' }],
	};
	const rows: Array<[string, string, string]> = [
		['elma365App', 'app', 'Application Code'],
		['elma365Contract', 'contracts', 'Contract Application Code'],
	];
	return rows.map(([node, prefix, codeField]) => ({
		node,
		label: `${node} item upsert`,
		parameters: {
			resource: 'item',
			operation: 'upsert',
			namespace: byCode(V),
			application: byCode(V),
			columns,
		},
		vars: [text('Section Code'), text(codeField)],
		requests: [
			['POST', `/${prefix}/{}/{}/list`],
			['POST', `/${prefix}/{}/{}/create`],
		],
	}));
}

/** ELMA365 Channel: a channel's messages, and a message's comments (the message's ID checked first). */
function channelCases(): PathCase[] {
	const rows: Array<[string, string, string]> = [
		['message', 'create', '/message'],
		['message', 'getAll', '/message/list'],
		['comment', 'create', '/message/{}/comment'],
		['comment', 'getAll', '/message/{}/comment/list'],
	];
	return rows.map(([resource, operation, suffix]) => ({
		node: 'elma365Channel',
		label: `elma365Channel ${resource} ${operation}`,
		parameters: {
			resource,
			operation,
			channelId: V_BY_ID,
			messageId: V_BY_ID,
			text: 'Hello',
			returnAll: true,
		},
		vars: resource === 'comment' ? [uuid('Message ID'), uuid('Channel ID')] : [uuid('Channel ID')],
		requests: [['POST', `/channel/{}${suffix}`]],
	}));
}

/** ELMA365 Storage: the key (checked first), then the section and application of its scope. */
function storageCases(): PathCase[] {
	const rows: Array<[string, string, string, Record<string, unknown>]> = [
		['get', 'GET', 'system', {}],
		['set', 'POST', 'application', { specifyBody: 'value', value: 'x' }],
		['delete', 'DELETE', 'application', {}],
	];
	return rows.map(([operation, method, scope, extra]) => ({
		node: 'elma365Storage',
		label: `elma365Storage entry ${operation} (${scope})`,
		parameters: {
			resource: 'entry',
			operation,
			scope,
			key: V,
			namespace: byCode(V),
			application: byCode(V),
			...extra,
		},
		vars: scope === 'system' ? [text('Key')] : [text('Key'), text('Section'), text('Application')],
		requests: [[method, scope === 'system' ? '/storage/system/{}' : '/storage/{}/{}/{}']],
	}));
}

/** The process, item stream, channel, storage, file and document operations added with the published API. */
function newOperationCases(): PathCase[] {
	return [
		...instanceActionCases(),
		...templateCodeCases(),
		{
			node: 'elma365Process',
			label: 'elma365Process restorePoint restore',
			parameters: { resource: 'restorePoint', operation: 'restore', restorePointId: V_BY_ID },
			vars: [uuid('Restore Point')],
			requests: [['POST', '/bpm/restore-point/{}/restore']],
		},
		...itemMessageCases(),
		...upsertCases(),
		...channelCases(),
		...storageCases(),
		// A module's API method: the module ID here; the method's address (nested parts allowed)
		// has its own property test, test/Elma365Module/methodPath.test.ts.
		{
			node: 'elma365Module',
			label: 'elma365Module method call',
			parameters: { resource: 'method', operation: 'call', module: V_BY_ID, method: 'echo' },
			vars: [uuid('Module')],
			requests: [['POST', '/api/extensions/{}/script/echo']],
			// The module's own answer, not the platform's envelope (whose `error: ""` it would output).
			replies: () => [['POST', /^\/api\/extensions\//, { status: 200, body: { ok: true } }]],
		},
		{
			node: 'elma365File',
			label: 'elma365File file get',
			parameters: { resource: 'file', operation: 'get', fileId: V_BY_ID },
			vars: [uuid('File ID')],
			requests: [['GET', '/disk/file/{}']],
		},
		...(['getLists', 'getRegistrations'] as const).map(
			(operation): PathCase => ({
				node: 'elma365Nomenclature',
				label: `elma365Nomenclature document ${operation}`,
				parameters: {
					resource: 'document',
					operation,
					namespace: byCode(V),
					application: byCode(V),
					itemId: V_BY_ID,
				},
				vars: [text('Section'), text('Application'), uuid('Document')],
				requests: [
					['POST', operation === 'getLists' ? '/docflow/{}/{}/{}/lists' : '/registration/{}/{}/{}'],
				],
			}),
		),
	];
}

/** A node's operation as `<node> <resource> <operation>`, e.g. `elma365App item get`. */
export interface OfferedOperation {
	node: string;
	resource: string;
	operation: string;
}

/** The descriptions of the compiled node classes the package lists (package.json `n8n.nodes`). */
function packageDescriptions(): INodeTypeDescription[] {
	const root = path.resolve(__dirname, '../..');
	const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	return (manifest.n8n.nodes as string[]).map((file) => {
		const module = createRequire(__filename)(path.join(root, file));
		const NodeClass = Object.values(module)[0] as new () => { description: INodeTypeDescription };
		return new NodeClass().description;
	});
}

/** Every resource and operation any node of the package offers (a trigger has none). */
export function offeredOperations(): OfferedOperation[] {
	const offered = new Map<string, OfferedOperation>();
	for (const description of packageDescriptions()) {
		const resources = description.properties
			.filter((property) => property.name === 'resource')
			.flatMap((property) => property.options as INodePropertyOptions[]);
		for (const property of description.properties.filter((entry) => entry.name === 'operation')) {
			const shownFor = property.displayOptions?.show?.resource as string[] | undefined;
			for (const resource of resources.filter(
				(option) => !shownFor || shownFor.includes(option.value as string),
			)) {
				for (const option of property.options as INodePropertyOptions[]) {
					const entry = {
						node: description.name,
						resource: String(resource.value),
						operation: String(option.value),
					};
					offered.set(operationKey(entry), entry);
				}
			}
		}
	}
	return [...offered.values()];
}

export const operationKey = (entry: OfferedOperation) =>
	`${entry.node} ${entry.resource} ${entry.operation}`;

/** The operation a path or field case runs. */
export const caseOperation = (c: { node: string; parameters: Record<string, unknown> }) =>
	operationKey({
		node: c.node,
		resource: String(c.parameters.resource),
		operation: String(c.parameters.operation),
	});

/**
 * Operations that put no value of the user into their URL path, so no path case: each with what
 * its path is. A new operation must get a path case above or an entry here.
 */
export const WITHOUT_PATH_VALUE: Record<string, string> = {
	'elma365App application getAll': 'GET /app/list',
	'elma365Nomenclature case create': 'POST /nomenclature',
	'elma365Nomenclature case getAll': 'GET /nomenclature',
	'elma365Nomenclature directory create': 'POST /nomenclature/directory',
	'elma365Nomenclature directory getAll': 'GET /nomenclature/directory',
	'elma365File file delete': 'PATCH /disk/files/deleted',
	'elma365File file getDownloadLinks': 'POST /disk/links/download',
	'elma365File file getUploadLinks': 'POST /disk/links/upload',
	'elma365File file initialize': 'POST /disk/files',
	'elma365File file move': 'POST /disk/file/move (the directory goes in the query)',
	'elma365File file search': 'POST /disk/files/search',
	'elma365File file upload': 'POST /disk/file/upload',
	'elma365File file uploadFromLinks': 'POST /disk/uploads/from-link, then POST /disk/files',
	'elma365File directory create': 'POST /disk/directory',
	'elma365File directory getAll': 'POST /disk/directory/list',
	'elma365Scheme group getAll': 'POST /scheme/groups/list',
	'elma365Scheme namespace getAll': 'GET /scheme/namespaces',
	'elma365Scheme module getAll': 'GET /scheme/modules',
	'elma365Scheme solution getAll': 'GET /scheme/solutions',
	'elma365Process instance interruptMany':
		'POST /bpm/instance/interrupt, every item in one request',
	'elma365Process instance restartStepMany':
		'POST /bpm/instance/restart-step, every item in one request',
	'elma365Process instance skipStepMany': 'POST /bpm/instance/skip-step, every item in one request',
	'elma365User user getAll': 'POST /user/list',
	'elma365Marketing segment create': 'PUT /marketing/segment',
	'elma365Marketing segment getAll': 'POST /marketing/segment',
	'elma365Marketing subscriber getAll': 'POST /marketing/subscriber',
	'elma365Channel channel getAll': 'GET /channel',
};

/** Every Task operation that puts the task's ID into the path. */
function taskCases(): PathCase[] {
	const rows: Array<[string, string, string, Record<string, unknown>]> = [
		['get', 'GET', '/get', {}],
		['getExits', 'GET', '/exits', {}],
		// The task's instance mapped, as from a task list: Complete then reads no task first.
		[
			'complete',
			'PUT',
			'/submit',
			{ exitId: { __rl: true, mode: 'code', value: 'approve' }, instanceId: OTHER_UUID },
		],
		['reassign', 'POST', '/reassign', { userId: byId(UUID), instanceId: OTHER_UUID }],
		['setDates', 'POST', '/dates', { dueDate: '2027-01-01T00:00:00Z' }],
		['setPercent', 'POST', '/percent', { percent: 50, instanceId: OTHER_UUID }],
	];
	return rows.map(([operation, method, suffix, extra]) => ({
		node: 'elma365Task',
		label: `elma365Task task ${operation}`,
		parameters: { resource: 'task', operation, taskId: V_BY_ID, ...extra },
		vars: [uuid('Task')],
		requests: [[method, `/tasks/{}${suffix}`]],
	}));
}

/** "." and ".." (after trimming): no encoding keeps them in their segment. */
export function isDotSegment(value: unknown): boolean {
	return typeof value === 'string' && (value.trim() === '.' || value.trim() === '..');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text has a C0 control character or DEL (written without a regex, which lint forbids for these). */
export function hasControl(text: string): boolean {
	return [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/** The oracle of a text the validators accept: a finite number, or a string of valid Unicode that is not blank. */
export function acceptedText(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
	if (typeof value !== 'string' || value.trim() === '' || LONE_SURROGATE.test(value))
		return undefined;
	return value;
}

export function acceptedUuid(value: unknown): string | undefined {
	return typeof value === 'string' && UUID_PATTERN.test(value.trim()) ? value.trim() : undefined;
}

/** What one path variable becomes for a value: the segment as sent (trimmed), or undefined when refused. */
export function segmentOf(kind: SegmentKind, value: unknown): string | undefined {
	if (kind === 'uuid') return acceptedUuid(value);
	const text = acceptedText(value)?.trim();
	// "." and ".." cannot stay in a segment (URL parsers resolve even "%2E%2E"): refused.
	if (text === undefined || text === '.' || text === '..') return undefined;
	// A code or ID longer than 255 characters, with "/" or with a control character: refused too.
	return text.length > 255 || text.includes('/') || hasControl(text) ? undefined : text;
}

// ---------------------------------------------------------------------------------------------
// Validated fields

export type FieldKind =
	| { type: 'uuid' }
	/** Empty (undefined, null, blank) leaves the field out. */
	| { type: 'optionalUuid' }
	/** `optional`: undefined, null or a blank string leaves the field out. */
	| { type: 'text'; trim?: boolean; optional?: boolean }
	| { type: 'integer'; min?: number }
	/** A finite number in [min, max]; a string is read as the number it spells. */
	| { type: 'number'; min: number; max: number }
	| { type: 'boolean' }
	| { type: 'enum'; values: string[] }
	| { type: 'dateTime' }
	/** `nonEmpty`: an empty object (or an empty field) is refused, not sent. */
	| { type: 'json'; nonEmpty?: boolean }
	| { type: 'url' }
	/** IDs separated by `separator` (or an array); `required`: none is an error, else the field is left out. */
	| {
			type: 'uuidList';
			separator: RegExp;
			required: boolean;
			nonString: 'none' | 'text';
			dedupe?: boolean;
			strictArrays?: boolean;
	  };

export interface FieldCase {
	node: string;
	label: string;
	parameters: Record<string, unknown>;
	/** The field's name in the error message. */
	field: string;
	kind: FieldKind;
	/** What was sent for the field, or MISSING when it was left out. */
	wire: (request: RecordedRequest) => unknown;
	/** How an accepted value goes on the wire, when not as it is (a Limit caps the page size, a Size of 0 is left out). */
	sentAs?: (value: unknown) => unknown;
	/** For `json` fields: what the object is merged over, and what is merged over it. */
	base?: Record<string, unknown>;
	over?: Record<string, unknown>;
	binary?: boolean;
	/**
	 * The scheme read before the request (`GET /scheme/namespaces/...`): pairs and JSON of an item
	 * read the application's scheme for their fields' types, once per run; it carries no value.
	 */
	schemeRead?: string;
}

export const MISSING = Symbol('missing');

const at =
	(...keys: Array<string | number>) =>
	(request: RecordedRequest): unknown => {
		let current: unknown = request.body;
		for (const key of keys) {
			if (!current || typeof current !== 'object' || !(key in (current as object))) return MISSING;
			current = (current as Record<string | number, unknown>)[key];
		}
		return current;
	};

/** A case update that sets Directory, Document Flow and Name: one PUT, no read of the case first. */
const CASE = {
	resource: 'case',
	operation: 'update',
	caseId: byId(UUID),
	directoryId: byId(OTHER_UUID),
	docflow: 'input',
	name: 'Memos',
};
/** Create requires Directory and Name (Update keeps a blank one as the case has it). */
const CASE_CREATE = {
	resource: 'case',
	operation: 'create',
	directoryId: byId(OTHER_UUID),
	docflow: 'input',
	name: 'Memos',
};
const settings = (values: Record<string, unknown>) => ({ ...CASE, registrationSettings: values });
const BOOLEAN_SETTINGS: Array<[string, string]> = [
	['editAfterRegistration', 'Edit After Registration'],
	['reserveEnabled', 'Reserve Numbers'],
	['resetInPeriod', 'Periodic Reset'],
	['templateEnabled', 'Automatic Numbering'],
	['through', 'Continuous Numbering'],
];
const NO_BATCH = { batch: false };
/** A Limit goes on the wire as the size of the first page, at most the largest page (MAX_PAGE_SIZE). */
const pageSize = (limit: unknown) => Math.min(limit as number, MAX_PAGE_SIZE);

export const FIELD_CASES: FieldCase[] = [
	// Nomenclature case form (Create and Update share its fields)
	{
		node: 'elma365Nomenclature',
		label: 'case create Directory',
		parameters: { ...CASE_CREATE, directoryId: V_BY_ID },
		field: 'Directory',
		kind: { type: 'uuid' },
		wire: at('directoryId'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'case Document Flow',
		parameters: { ...CASE, docflow: V },
		field: 'Document Flow',
		kind: { type: 'enum', values: ['input', 'output', 'internal'] },
		wire: at('docflow'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'case create Name',
		parameters: { ...CASE_CREATE, name: V },
		field: 'Name',
		kind: { type: 'text' },
		wire: at('name'),
	},
	...BOOLEAN_SETTINGS.map(
		([key, field]): FieldCase => ({
			node: 'elma365Nomenclature',
			label: `case ${field}`,
			parameters: settings({ [key]: V }),
			field,
			kind: { type: 'boolean' },
			wire: at('registrationSettings', key),
		}),
	),
	{
		node: 'elma365Nomenclature',
		label: 'case Minimum Number Length',
		parameters: settings({ minLength: V }),
		field: 'Minimum Number Length',
		kind: { type: 'integer', min: 0 },
		wire: at('registrationSettings', 'minLength'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'case Number Template',
		parameters: settings({ template: V }),
		field: 'Number Template',
		kind: { type: 'text' },
		wire: at('registrationSettings', 'template'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'case Continuous Numbering ID',
		parameters: settings({ throughSerialId: V }),
		field: 'Continuous Numbering ID',
		kind: { type: 'uuid' },
		wire: at('registrationSettings', 'throughSerialId'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'case Next Reset At',
		parameters: settings({ resetSettings: { nextResetAt: V } }),
		field: 'Next Reset At',
		kind: { type: 'dateTime' },
		wire: at('registrationSettings', 'resetSettings', 'nextResetAt'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'case Reset Period',
		parameters: settings({ resetSettings: { resetPeriod: V } }),
		field: 'Reset Period',
		kind: { type: 'enum', values: ['year', 'month', 'week', 'day'] },
		wire: at('registrationSettings', 'resetSettings', 'resetPeriod'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'case Reset Period Count',
		parameters: settings({ resetSettings: { resetPeriodCount: V } }),
		field: 'Reset Period Count',
		kind: { type: 'integer' },
		wire: at('registrationSettings', 'resetSettings', 'resetPeriodCount'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'directory Name',
		parameters: { resource: 'directory', operation: 'create', name: V },
		field: 'Name',
		kind: { type: 'text' },
		wire: at('name'),
	},
	{
		node: 'elma365Nomenclature',
		label: 'directory Additional Body Fields (JSON)',
		parameters: { resource: 'directory', operation: 'create', name: 'Top', body: V },
		field: 'Additional Body Fields (JSON)',
		kind: { type: 'json' },
		base: { name: 'Top' },
		wire: (request) => request.body,
	},
	// File
	{
		node: 'elma365File',
		label: 'directory create Name',
		parameters: { resource: 'directory', operation: 'create', name: V },
		field: 'Name',
		kind: { type: 'text' },
		wire: at('__name'),
	},
	{
		node: 'elma365File',
		label: 'directory create Parent Directory',
		parameters: { resource: 'directory', operation: 'create', name: 'Top', parentId: V_BY_ID },
		field: 'Parent Directory',
		kind: { type: 'optionalUuid' },
		wire: at('directory'),
	},
	{
		node: 'elma365File',
		label: 'file move File ID',
		parameters: { resource: 'file', operation: 'move', fileId: V_BY_ID, directoryId: byId(UUID) },
		field: 'File ID',
		kind: { type: 'uuid' },
		wire: at('files', 0, 'hash'),
	},
	{
		node: 'elma365File',
		label: 'file move Directory',
		parameters: { resource: 'file', operation: 'move', fileId: UUID, directoryId: V_BY_ID },
		field: 'Directory',
		kind: { type: 'uuid' },
		wire: (request) => request.query.directoryID ?? MISSING,
	},
	{
		node: 'elma365File',
		label: 'file move Additional Body Fields (JSON)',
		parameters: {
			resource: 'file',
			operation: 'move',
			fileId: UUID,
			directoryId: byId(OTHER_UUID),
			body: V,
		},
		field: 'Additional Body Fields (JSON)',
		kind: { type: 'json' },
		base: { files: [{ hash: UUID }] },
		wire: (request) => request.body,
	},
	{
		node: 'elma365File',
		label: 'file initialize File Name',
		parameters: {
			resource: 'file',
			operation: 'initialize',
			fileName: V,
			hash: UUID,
			entryDirectoryId: byId(OTHER_UUID),
			...NO_BATCH,
		},
		field: 'File Name',
		kind: { type: 'text' },
		wire: at('files', 0, 'name'),
	},
	{
		node: 'elma365File',
		label: 'file initialize Hash',
		parameters: {
			resource: 'file',
			operation: 'initialize',
			fileName: 'a.pdf',
			hash: V,
			entryDirectoryId: byId(OTHER_UUID),
			...NO_BATCH,
		},
		field: 'Hash',
		kind: { type: 'uuid' },
		wire: at('files', 0, 'hash'),
	},
	{
		node: 'elma365File',
		label: 'file initialize Directory',
		parameters: {
			resource: 'file',
			operation: 'initialize',
			fileName: 'a.pdf',
			hash: UUID,
			entryDirectoryId: V_BY_ID,
			...NO_BATCH,
		},
		field: 'Directory',
		kind: { type: 'uuid' },
		wire: at('files', 0, 'directory'),
	},
	{
		node: 'elma365File',
		label: 'file delete File IDs',
		parameters: { resource: 'file', operation: 'delete', fileIds: V, ...NO_BATCH },
		field: 'File IDs',
		kind: { type: 'uuidList', separator: /[,\n]/, required: true, nonString: 'text' },
		wire: at('fileIds'),
	},
	{
		node: 'elma365File',
		label: 'file upload from links Link URL',
		parameters: { resource: 'file', operation: 'uploadFromLinks', url: V, ...NO_BATCH },
		field: 'Link URL',
		kind: { type: 'url' },
		wire: at('downloadLinks', 0),
	},
	// Marketing
	{
		node: 'elma365Marketing',
		label: 'segment create Name',
		parameters: { resource: 'segment', operation: 'create', name: V },
		field: 'Name',
		kind: { type: 'text' },
		wire: at('name'),
	},
	// User
	{
		node: 'elma365User',
		label: 'user Limit',
		parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: V },
		field: 'Limit',
		kind: { type: 'integer', min: 1 },
		wire: at('size'),
		sentAs: pageSize,
	},
	{
		node: 'elma365User',
		label: 'user IDs',
		parameters: { resource: 'user', operation: 'getAll', returnAll: true, options: { ids: V } },
		field: 'IDs',
		kind: { type: 'uuidList', separator: /,/, required: false, nonString: 'none' },
		wire: at('ids'),
	},
	// App, Contract, Report
	{
		node: 'elma365App',
		label: 'item set status Status Code',
		parameters: {
			resource: 'item',
			operation: 'setStatus',
			namespace: byCode('crm'),
			application: byCode('deals'),
			itemId: byId(UUID),
			statusCode: V,
		},
		field: 'Status Code',
		kind: { type: 'text', trim: true },
		wire: at('status', 'code'),
	},
	{
		node: 'elma365App',
		label: 'item create Fields (JSON)',
		parameters: {
			resource: 'item',
			operation: 'create',
			namespace: byCode('crm'),
			application: byCode('deals'),
			sendInOneRequest: false,
			fieldsInputMode: 'json',
			fieldsJson: V,
		},
		field: 'Fields (JSON)',
		kind: { type: 'json' },
		base: {},
		wire: at('context'),
		schemeRead: '/pub/v1/scheme/namespaces/crm/apps/deals',
	},
	{
		node: 'elma365App',
		label: 'item get import status Body (JSON)',
		parameters: {
			resource: 'item',
			operation: 'getImportStatus',
			namespace: byCode('crm'),
			application: byCode('deals'),
			body: V,
		},
		field: 'Body (JSON)',
		kind: { type: 'json' },
		base: {},
		wire: (request) => request.body,
	},
	{
		node: 'elma365App',
		label: 'item get many Limit',
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('crm'),
			application: byCode('deals'),
			returnAll: false,
			limit: V,
		},
		field: 'Limit',
		kind: { type: 'integer', min: 1 },
		wire: at('size'),
		sentAs: pageSize,
	},
	{
		node: 'elma365App',
		label: 'item get many IDs',
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('crm'),
			application: byCode('deals'),
			returnAll: true,
			options: { ids: V },
		},
		field: 'IDs',
		kind: { type: 'uuidList', separator: /,/, required: false, nonString: 'none' },
		wire: at('ids'),
	},
	{
		node: 'elma365Report',
		label: 'report get many Additional Body (JSON)',
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('sales'),
			report: byCode('monthly'),
			returnAll: true,
			options: { body: V },
		},
		field: 'Additional Body (JSON)',
		kind: { type: 'json' },
		over: { from: 0, size: MAX_PAGE_SIZE },
		wire: (request) => request.body,
	},
	{
		node: 'elma365Contract',
		label: 'contract create Fields (JSON)',
		parameters: {
			resource: 'item',
			operation: 'create',
			namespace: byCode('legal'),
			application: byCode('contracts'),
			fieldsInputMode: 'json',
			fieldsJson: V,
		},
		field: 'Fields (JSON)',
		kind: { type: 'json' },
		base: {},
		wire: at('context'),
		schemeRead: '/pub/v1/scheme/namespaces/legal/apps/contracts',
	},
	// Process, Telephony, Scheme
	{
		node: 'elma365Process',
		label: 'instance get many Target ID',
		parameters: {
			resource: 'instance',
			operation: 'getAll',
			by: 'target',
			targetId: V,
			returnAll: true,
		},
		field: 'Target ID',
		kind: { type: 'text', trim: true },
		wire: at('target'),
	},
	{
		node: 'elma365Process',
		label: 'instance get many List By',
		parameters: {
			resource: 'instance',
			operation: 'getAll',
			by: V,
			templateId: byId(UUID),
			namespace: byCode('crm'),
			processCode: byCode('approval'),
			targetId: OTHER_UUID,
			returnAll: true,
		},
		field: 'List By',
		kind: { type: 'enum', values: ['template', 'templateCode', 'target'] },
		wire: (request) => {
			if (request.path.includes('/bytarget/')) return 'target';
			return request.path.includes('/bytemplate/') ? 'templateCode' : 'template';
		},
	},
	{
		node: 'elma365Scheme',
		label: 'group create Name',
		parameters: { resource: 'group', operation: 'create', namespace: byCode('crm'), name: V },
		field: 'Name',
		kind: { type: 'text', trim: true },
		wire: at('__name'),
	},
	{
		// A group per item, so that each item has a request of its own (items for one group are batched).
		node: 'elma365Scheme',
		label: 'group add members Users',
		// The body is one list of IDs, users first: a fixed position last keeps the item from having no
		// member at all, and the wire value is what comes before it (MISSING when the row gave nothing).
		parameters: {
			resource: 'group',
			operation: 'addMembers',
			groupId: byId('={{ "5d000000-0000-4000-8000-" + String($itemIndex).padStart(12, "0") }}'),
			userIds: { user: [{ id: V_BY_ID }] },
			positionIds: FIXED_POSITION,
		},
		field: 'Users (entry 1)',
		kind: {
			type: 'uuidList',
			separator: /,/,
			required: false,
			nonString: 'text',
			dedupe: true,
			strictArrays: true,
		},
		wire: (request) => {
			const ids = request.body;
			if (!Array.isArray(ids) || ids.at(-1) !== FIXED_POSITION) return ids;
			return ids.length > 1 ? ids.slice(0, -1) : MISSING;
		},
	},
	{
		// A segment per item, like the groups above (one request per item). A fixed first row keeps the
		// item from having no subscriber at all, so a refusal always names the hostile row: the wire
		// value is what follows the fixed ID (MISSING when the row gave nothing).
		node: 'elma365Marketing',
		label: 'segment add Subscribers',
		parameters: {
			resource: 'segment',
			operation: 'addSubscribers',
			segmentId: byId('={{ "5e000000-0000-4000-8000-" + String($itemIndex).padStart(12, "0") }}'),
			subscriberIds: { subscriber: [{ id: byId(OTHER_UUID) }, { id: V_BY_ID }] },
		},
		field: 'Subscribers (entry 2)',
		kind: {
			type: 'uuidList',
			separator: /,/,
			required: false,
			nonString: 'text',
			dedupe: true,
			strictArrays: true,
		},
		wire: (request) => {
			const ids = at('ids')(request);
			if (!Array.isArray(ids) || ids[0] !== OTHER_UUID) return ids;
			return ids.length > 1 ? ids.slice(1) : MISSING;
		},
	},
	...newFieldCases(),
];

/** Validated fields of the operations added with the published API. */
function newFieldCases(): FieldCase[] {
	const percent = {
		resource: 'task',
		operation: 'setPercent',
		taskId: byId(UUID),
		percent: 50,
		instanceId: byId(OTHER_UUID),
	};
	const context = {
		resource: 'instance',
		operation: 'updateContext',
		instanceId: byId(UUID),
		comment: 'Why',
		fieldsInputMode: 'json',
		fieldsJson: '{"a": 1}',
	};
	const storage = {
		resource: 'entry',
		operation: 'set',
		scope: 'application',
		namespace: byCode('crm'),
		application: byCode('deals'),
		key: 'last_sync',
		specifyBody: 'value',
		value: 'x',
	};
	return [
		{
			node: 'elma365Task',
			label: 'task set percent Percent Complete',
			parameters: { ...percent, percent: V },
			field: 'Percent Complete',
			kind: { type: 'number', min: 0, max: 100 },
			wire: at('percent'),
		},
		{
			node: 'elma365Task',
			label: 'task set percent Process Instance ID',
			parameters: { ...percent, instanceId: V_BY_ID },
			field: 'Process Instance',
			kind: { type: 'uuid' },
			wire: at('instanceId'),
		},
		{
			node: 'elma365Process',
			label: 'instance update context Comment',
			parameters: { ...context, comment: V },
			field: 'Comment',
			kind: { type: 'text' },
			wire: at('comment'),
		},
		{
			node: 'elma365Process',
			label: 'instance update context Fields (JSON)',
			parameters: {
				...context,
				fieldsInputMode: 'json',
				fieldsJson: V,
			},
			field: 'Fields (JSON)',
			kind: { type: 'json', nonEmpty: true },
			base: {},
			wire: at('context'),
		},
		{
			node: 'elma365Process',
			label: 'instance move all to version Except Instance IDs',
			parameters: {
				resource: 'instance',
				operation: 'moveAllToVersion',
				namespace: byCode('crm'),
				processCode: byCode('approval'),
				unselectedIds: V,
			},
			field: 'Except Instance IDs',
			kind: { type: 'uuidList', separator: /,/, required: false, nonString: 'none' },
			wire: at('unselectedIds'),
		},
		{
			node: 'elma365Channel',
			label: 'message create Text',
			parameters: { resource: 'message', operation: 'create', channelId: byId(UUID), text: V },
			field: 'Text',
			kind: { type: 'text' },
			wire: at('body'),
		},
		{
			node: 'elma365Channel',
			label: 'message create Title',
			parameters: {
				resource: 'message',
				operation: 'create',
				channelId: byId(UUID),
				text: 'Hello',
				additionalFields: { title: V },
			},
			field: 'Title',
			kind: { type: 'text', optional: true },
			wire: at('title'),
		},
		{
			node: 'elma365App',
			label: 'comment reply Text',
			parameters: {
				resource: 'comment',
				operation: 'reply',
				namespace: byCode('crm'),
				application: byCode('deals'),
				itemId: byId(UUID),
				messageId: byId(OTHER_UUID),
				text: V,
			},
			field: 'Text',
			kind: { type: 'text' },
			wire: at('body'),
		},
		{
			node: 'elma365Storage',
			label: 'entry set Scope',
			parameters: { ...storage, scope: V },
			field: 'Scope',
			kind: { type: 'enum', values: ['system', 'section', 'application'] },
			// /pub/v1/storage/system/{key}, /pub/v1/storage/{namespace}/{key}, /pub/v1/storage/{namespace}/{code}/{key}
			wire: (request) => {
				const parts = request.path.split('/');
				if (parts.length === 7) return 'application';
				return parts[4] === 'system' ? 'system' : 'section';
			},
		},
		{
			node: 'elma365Storage',
			label: 'entry set Body (JSON)',
			parameters: { ...storage, specifyBody: 'json', body: V },
			field: 'Body (JSON)',
			kind: { type: 'json', nonEmpty: true },
			base: {},
			wire: (request) => request.body,
		},
		{
			node: 'elma365File',
			label: 'file search Directory',
			parameters: { resource: 'file', operation: 'search', directoryId: V_BY_ID, returnAll: true },
			field: 'Directory',
			kind: { type: 'optionalUuid' },
			wire: at('filter', 'directory'),
		},
	];
}

/** The oracle of a field: the value on the wire, MISSING when left out, or undefined when refused. */
export type Expected = { sent: unknown } | { refused: true };

const refused: Expected = { refused: true };
const sent = (value: unknown): Expected => ({ sent: value });

/** The documented ISO 8601 shape the nodes send dates in. */
export const WIRE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const isBlankString = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** `String(value)`, or undefined for a value String() throws on (`{"toString": []}`). */
function textOf(value: unknown): string | undefined {
	try {
		return String(value);
	} catch {
		return undefined;
	}
}

function splitIds(
	kind: Extract<FieldKind, { type: 'uuidList' }>,
	value: unknown,
): string[] | undefined {
	let parts: string[];
	// strictArrays: every entry of an array must be an ID (an empty or nested entry is refused, not skipped).
	if (Array.isArray(value) && kind.strictArrays)
		return value.map((entry) =>
			typeof entry === 'string' ? entry.trim() : `not an ID: ${typeof entry}`,
		);
	if (Array.isArray(value)) parts = value.map((entry) => String(entry).trim()).filter(Boolean);
	else if (typeof value === 'string')
		parts = value
			.split(kind.separator)
			.map((entry) => entry.trim())
			.filter(Boolean);
	else if (kind.nonString === 'text' && value !== null && value !== undefined)
		parts = (textOf(value) ?? 'not an ID: unconvertible')
			.split(kind.separator)
			.map((entry) => entry.trim())
			.filter(Boolean);
	else parts = [];
	return parts;
}

/**
 * The field oracle. `dateTime` is `undefined` for strings it cannot judge on its own (then either
 * outcome is right as long as a sent value has the documented shape); constructed dates are
 * judged by `dateOracle` in the test.
 */
export function expectedField(kind: FieldKind, value: unknown): Expected | undefined {
	switch (kind.type) {
		case 'uuid': {
			const id = acceptedUuid(value);
			return id === undefined ? refused : sent(id);
		}
		case 'optionalUuid': {
			if (value === undefined || value === null || textOf(value)?.trim() === '')
				return sent(MISSING);
			const id = acceptedUuid(value);
			return id === undefined ? refused : sent(id);
		}
		case 'text': {
			if (kind.optional && (value === undefined || value === null || isBlankString(value)))
				return sent(MISSING);
			const text = acceptedText(value);
			if (text === undefined) return refused;
			return sent(kind.trim ? text.trim() : text);
		}
		case 'integer': {
			const number =
				typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
			const ok =
				typeof number === 'number' &&
				Number.isSafeInteger(number) &&
				(kind.min === undefined || number >= kind.min);
			return ok ? sent(number) : refused;
		}
		case 'number': {
			const number =
				typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
			return typeof number === 'number' &&
				Number.isFinite(number) &&
				number >= kind.min &&
				number <= kind.max
				? sent(number)
				: refused;
		}
		case 'boolean':
			if (typeof value === 'boolean') return sent(value);
			if (value === 'true' || value === 'false') return sent(value === 'true');
			return refused;
		case 'enum':
			return typeof value === 'string' && kind.values.includes(value) ? sent(value) : refused;
		case 'json': {
			if (value === undefined || value === null || value === '')
				return kind.nonEmpty ? refused : sent({});
			let parsed = value;
			if (typeof value === 'string') {
				try {
					parsed = JSON.parse(value);
				} catch {
					return refused;
				}
			}
			return Object.prototype.toString.call(parsed) === '[object Object]' &&
				!unsendable(parsed) &&
				!(kind.nonEmpty && Object.keys(parsed as object).length === 0)
				? sent(parsed)
				: refused;
		}
		case 'url': {
			const text = acceptedText(value)?.trim();
			if (text === undefined || hasControl(text)) return refused;
			try {
				const url = new URL(text);
				return url.protocol === 'http:' || url.protocol === 'https:' ? sent(text) : refused;
			} catch {
				return refused;
			}
		}
		case 'uuidList': {
			const parts = splitIds(kind, value)!;
			if (parts.length === 0) return kind.required ? refused : sent(MISSING);
			if (!parts.every((part) => UUID_PATTERN.test(part))) return refused;
			return sent(kind.dedupe ? [...new Set(parts)] : parts);
		}
		case 'dateTime':
			return undefined;
	}
}

/** The deepest nesting of objects and arrays the nodes send (deeper overflows the HTTP client's stack). */
export const MAX_JSON_DEPTH = 100;

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** JSON texts at the edges, run for every JSON field besides the hostile constants. */
export const JSON_EDGES: string[] = [
	'{',
	'{"a": }',
	'[1]',
	'"text"',
	'1',
	'null',
	' ',
	'{"a": 1} trailing',
	'{"a": 1}',
	'{"__proto__": {"polluted": true}}',
	'{"a": [{"__proto__": 1}]}',
	'{"constructor": {"prototype": {"x": 1}}}',
	'{"a": {"prototype": 1}}',
	nested(MAX_JSON_DEPTH),
	nested(MAX_JSON_DEPTH + 1),
	nested(20_000),
	`${'['.repeat(5_000)}${']'.repeat(5_000)}`,
];

/**
 * Whether a parsed JSON value cannot be sent as it is: a "__proto__", "constructor" or "prototype"
 * key anywhere (n8n's deep copies drop them without a word), or nesting deeper than MAX_JSON_DEPTH.
 * Walked without recursion.
 */
function unsendable(value: unknown): boolean {
	const stack: Array<[unknown, number]> = [[value, 1]];
	while (stack.length > 0) {
		const [current, depth] = stack.pop()!;
		if (!current || typeof current !== 'object') continue;
		if (
			depth > MAX_JSON_DEPTH ||
			['__proto__', 'constructor', 'prototype'].some((key) => Object.hasOwn(current, key))
		)
			return true;
		for (const child of Object.values(current)) stack.push([child, depth + 1]);
	}
	return false;
}

/** Values close to what each kind accepts, so that the accepting side is explored too. */
export function nearValues(kind: FieldKind): fc.Arbitrary<unknown> {
	const padded = (arbitrary: fc.Arbitrary<string>) =>
		fc
			.tuple(
				fc.constantFrom('', ' ', '\t', '\n', '\r\n'),
				arbitrary,
				fc.constantFrom('', ' ', '\n', '\u0000', 'x'),
			)
			.map(([a, b, c]) => `${a}${b}${c}`);
	switch (kind.type) {
		case 'uuid':
		case 'optionalUuid':
			return fc.oneof(
				fc.uuid(),
				padded(fc.uuid()),
				fc.uuid().map((id) => id.toUpperCase()),
				fc.constant(''),
			);
		case 'text':
			return fc.oneof(
				fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
				padded(fc.string({ unit: 'grapheme-ascii', maxLength: 8 })),
			);
		case 'integer':
			return fc.oneof(
				fc.integer(),
				fc.integer().map(String),
				padded(fc.integer({ min: -5, max: 500 }).map(String)),
				fc.constantFrom('1.0', '+7', '007', '1_000', '１２'),
			);
		case 'number':
			return fc.oneof(
				fc.double({ min: kind.min - 1, max: kind.max + 1 }),
				fc.integer({ min: kind.min - 1, max: kind.max + 1 }).map(String),
				padded(fc.integer({ min: kind.min, max: kind.max }).map(String)),
				fc.constantFrom('0x10', '1e1', '50.5', '-0', ' ', '100.0001'),
			);
		case 'boolean':
			return fc.constantFrom(true, false, 'true', 'false', 'TRUE', ' true', 'yes', 1, 0);
		case 'enum':
			return fc.oneof(
				fc.constantFrom(...kind.values),
				padded(fc.constantFrom(...kind.values)),
				fc.constantFrom(...kind.values).map((v) => v.toUpperCase()),
			);
		case 'json':
			return fc.oneof(
				fc.dictionary(safeKey, jsonLike, { maxKeys: 4, noNullPrototype: true }),
				fc
					.dictionary(safeKey, jsonLike, { maxKeys: 4, noNullPrototype: true })
					.map((object) => JSON.stringify(object)),
				fc.jsonValue().map((json) => JSON.stringify(json)),
				fc.constantFrom(...JSON_EDGES),
			);
		case 'url':
			return fc.oneof(
				fc.webUrl(),
				padded(fc.webUrl()),
				fc.constantFrom(
					'ftp://x.org/a',
					'javascript:alert(1)',
					'https://',
					'//x.org/a',
					'https://x.org/a\r\nX: 1',
					'https://x.org/\u0000',
				),
			);
		case 'uuidList':
			return fc.oneof(
				fc.array(fc.uuid(), { maxLength: 4 }),
				fc
					.array(fc.oneof(fc.uuid(), padded(fc.uuid()), fc.constantFrom('', ' ', 'x')), {
						maxLength: 4,
					})
					.map((ids) => ids.join(',')),
				fc.array(fc.uuid(), { maxLength: 3 }).map((ids) => ids.join('\n')),
			);
		case 'dateTime':
			return fc.constant('2027-01-01T00:00:00Z');
	}
}
