/** The fault matrix's table: representative operations of every node, and the faults they meet. */
import type { INodeExecutionData } from 'n8n-workflow';
import { MAX_ATTEMPTS } from '../../nodes/shared/transport';
import type { Reply } from '../harness/index.ts';
import { faults, ok } from '../harness/index.ts';
import { byId, byCode } from '../harness/setup';

const UUID = '7d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A healthy answer every operation can read: an item, a one-entry list, the bindings and link shapes. */
export const HEALTHY = ok({
	item: { __id: UUID, __name: 'healthy' },
	result: { result: [{ __id: UUID, __name: 'healthy' }], total: 1 },
	context: { __id: UUID },
	bindings: [],
});

export interface Op {
	node: string;
	label: string;
	method: string;
	parameters: Record<string, unknown>;
	/** Whether the transport may repeat it after a 5xx or a reset (reads, PUT/PATCH updates). */
	idempotent: boolean;
	/** A paged list: an empty answer is an empty list, so that input item has no output. */
	list?: boolean;
	/** Input items carry a file in binary property `data` (uploads, imports). */
	binary?: boolean;
}

/** Every cell runs with this Request Options > Timeout, so the timeout fault stays quick. */
export const CELL_TIMEOUT_MS = 1000;

/** What a cell runs: the operation with the cell timeout, on `count` input items (with a file each where it needs one). */
export function cellRun(
	op: Op,
	count: number,
	timeout = CELL_TIMEOUT_MS,
): { nodeType: string; parameters: never; input: INodeExecutionData[] } {
	const parameters = {
		...op.parameters,
		// A short Max Quota Wait, so that a 429 that outlasts it fails the cell within its time.
		requestOptions: { timeout, maxQuotaWait: 3, ...(op.parameters.requestOptions as object) },
	};
	const input = Array.from({ length: count }, (_, n): INodeExecutionData => {
		if (!op.binary) return { json: { n } };
		const csv = Buffer.from(`name;amount\nrow ${n};${n}\n`);
		return {
			json: { n },
			binary: {
				data: { data: csv.toString('base64'), mimeType: 'text/csv', fileName: `rows-${n}.csv` },
			},
		};
	});
	return { nodeType: op.node, parameters: parameters as never, input };
}

/**
 * The fields of an item create, from the form: pairs and JSON read the application's scheme first
 * (for their fields' types), and each cell here is about the one request the create sends.
 */
const ONE_REQUEST_FIELDS = {
	fieldsInputMode: 'mapper',
	columns: {
		mappingMode: 'defineBelow',
		value: { __name: 'x' },
		matchingColumns: [],
		schema: [{ id: '__name', displayName: 'Name', type: 'string', display: true }],
	},
};

export const OPERATIONS: Op[] = [
	{
		node: 'elma365App',
		label: 'App item get',
		method: 'POST',
		idempotent: true,
		parameters: {
			resource: 'item',
			operation: 'get',
			namespace: byCode('crm'),
			application: byCode('deals'),
			itemId: byId(UUID),
		},
	},
	{
		node: 'elma365App',
		label: 'App item create',
		method: 'POST',
		idempotent: false,
		parameters: {
			resource: 'item',
			operation: 'create',
			namespace: byCode('crm'),
			application: byCode('deals'),
			// One request per item (/app/{namespace}/{code}/create), not the batch save.
			sendInOneRequest: false,
			...ONE_REQUEST_FIELDS,
		},
	},
	{
		node: 'elma365Contract',
		label: 'Contract item get',
		method: 'GET',
		idempotent: true,
		parameters: {
			resource: 'item',
			operation: 'get',
			namespace: byCode('legal'),
			application: byCode('contracts'),
			itemId: byId(UUID),
		},
	},
	{
		node: 'elma365Contract',
		label: 'Contract item create',
		method: 'POST',
		idempotent: false,
		parameters: {
			resource: 'item',
			operation: 'create',
			namespace: byCode('legal'),
			application: byCode('contracts'),
			...ONE_REQUEST_FIELDS,
		},
	},
	{
		node: 'elma365Report',
		label: 'Report item getAll',
		list: true,
		method: 'POST',
		idempotent: true,
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('sales'),
			report: byCode('monthly'),
			returnAll: true,
		},
	},
	{
		node: 'elma365Process',
		label: 'Process instance get',
		method: 'POST',
		idempotent: true,
		parameters: { resource: 'instance', operation: 'get', instanceId: UUID },
	},
	{
		node: 'elma365Process',
		label: 'Process start',
		method: 'POST',
		idempotent: false,
		parameters: {
			resource: 'process',
			operation: 'start',
			namespace: byCode('crm.deals'),
			processCode: byCode('approval'),
		},
	},
	{
		node: 'elma365User',
		label: 'User getAll',
		list: true,
		method: 'POST',
		idempotent: true,
		parameters: { resource: 'user', operation: 'getAll', returnAll: true },
	},
	{
		node: 'elma365Telephony',
		label: 'Telephony binding get',
		method: 'GET',
		idempotent: true,
		parameters: { resource: 'binding', operation: 'get', moduleCode: byCode('voip_main') },
	},
	{
		node: 'elma365Telephony',
		label: 'Telephony binding update (PUT)',
		method: 'PUT',
		idempotent: true,
		parameters: {
			resource: 'binding',
			operation: 'update',
			moduleCode: byCode('voip_main'),
			mode: 'replace',
			bindingsJson: '{"101": "' + UUID + '"}',
		},
	},
	{
		node: 'elma365Marketing',
		label: 'Marketing segment get',
		method: 'GET',
		idempotent: true,
		parameters: { resource: 'segment', operation: 'get', segmentId: byId(UUID) },
	},
	{
		node: 'elma365Marketing',
		label: 'Marketing segment create (PUT)',
		method: 'PUT',
		idempotent: false,
		parameters: { resource: 'segment', operation: 'create', name: 'Spring' },
	},
	{
		node: 'elma365File',
		label: 'File directory get',
		method: 'GET',
		idempotent: true,
		parameters: { resource: 'directory', operation: 'get', directoryId: byId(UUID) },
	},
	{
		node: 'elma365File',
		label: 'File directory create',
		method: 'POST',
		idempotent: false,
		parameters: { resource: 'directory', operation: 'create', name: 'Top' },
	},
	{
		node: 'elma365Scheme',
		label: 'Scheme group get',
		method: 'GET',
		idempotent: true,
		parameters: { resource: 'group', operation: 'get', groupId: byId(UUID) },
	},
	{
		node: 'elma365Scheme',
		label: 'Scheme group create',
		method: 'POST',
		idempotent: false,
		parameters: { resource: 'group', operation: 'create', namespace: byCode('crm'), name: 'X' },
	},
	{
		node: 'elma365Nomenclature',
		label: 'Nomenclature case getAll',
		list: true,
		method: 'GET',
		idempotent: true,
		parameters: { resource: 'case', operation: 'getAll', returnAll: true },
	},
	{
		node: 'elma365Nomenclature',
		label: 'Nomenclature case create',
		method: 'POST',
		idempotent: false,
		parameters: {
			resource: 'case',
			operation: 'create',
			directoryId: byId(UUID),
			docflow: 'input',
			name: 'New',
		},
	},
	{
		node: 'elma365File',
		label: 'File upload to directory',
		method: 'POST',
		idempotent: false,
		binary: true,
		parameters: { resource: 'file', operation: 'uploadToDirectory', directoryId: byId(UUID) },
	},
	// The import's request by the hash of an uploaded file (its upload meets the faults as File upload to directory).
	{
		node: 'elma365App',
		label: 'App item import',
		method: 'POST',
		idempotent: false,
		parameters: {
			resource: 'item',
			operation: 'import',
			namespace: byCode('crm'),
			application: byCode('deals'),
			fileSource: 'hash',
			fileHash: UUID,
			format: 'csv',
		},
	},
	// Tasks, operations added with the published API (a PUT update, an action on an instance), both new nodes.
	{
		node: 'elma365Process',
		label: 'Process instance update context (PUT)',
		method: 'PUT',
		idempotent: true,
		parameters: {
			resource: 'instance',
			operation: 'updateContext',
			instanceId: byId(UUID),
			comment: 'Why',
			fieldsInputMode: 'json',
			fieldsJson: '{"a": 1}',
		},
	},
	{
		node: 'elma365Process',
		label: 'Process instance skip step',
		method: 'POST',
		idempotent: false,
		parameters: { resource: 'instance', operation: 'skipStep', instanceId: byId(UUID) },
	},
	{
		node: 'elma365Task',
		label: 'Task get',
		method: 'GET',
		idempotent: true,
		parameters: { resource: 'task', operation: 'get', taskId: byId(UUID) },
	},
	// Completing a task twice could take another exit: never repeated, though sent with PUT.
	{
		node: 'elma365Task',
		label: 'Task complete (PUT)',
		method: 'PUT',
		idempotent: false,
		parameters: {
			resource: 'task',
			operation: 'complete',
			taskId: byId(UUID),
			exitId: { __rl: true, mode: 'code', value: 'approve' },
			// Given, so the completion is the operation's one request (empty, the task is read first).
			instanceId: byId(UUID),
		},
	},
	{
		node: 'elma365Task',
		label: 'Task set percent complete',
		method: 'POST',
		idempotent: true,
		parameters: {
			resource: 'task',
			operation: 'setPercent',
			taskId: byId(UUID),
			percent: 50,
			instanceId: UUID,
		},
	},
	{
		node: 'elma365Channel',
		label: 'Channel message getAll',
		list: true,
		method: 'POST',
		idempotent: true,
		parameters: {
			resource: 'message',
			operation: 'getAll',
			channelId: byId(UUID),
			returnAll: true,
		},
	},
	{
		node: 'elma365Channel',
		label: 'Channel message post',
		method: 'POST',
		idempotent: false,
		parameters: { resource: 'message', operation: 'create', channelId: byId(UUID), text: 'Hi' },
	},
	{
		node: 'elma365Storage',
		label: 'Storage entry get',
		method: 'GET',
		idempotent: true,
		parameters: { resource: 'entry', operation: 'get', scope: 'system', key: 'last_sync' },
	},
	// Storing the same value again changes nothing: retried like a PUT.
	{
		node: 'elma365Storage',
		label: 'Storage entry set',
		method: 'POST',
		idempotent: true,
		parameters: {
			resource: 'entry',
			operation: 'set',
			scope: 'system',
			key: 'last_sync',
			specifyBody: 'value',
			value: '2026-01-01',
		},
	},
	{
		node: 'elma365Storage',
		label: 'Storage entry delete',
		method: 'DELETE',
		idempotent: true,
		parameters: { resource: 'entry', operation: 'delete', scope: 'system', key: 'last_sync' },
	},
	// The user allowed repeating writes: a create behaves like a read under every fault.
	{
		node: 'elma365Nomenclature',
		label: 'Nomenclature case create with Retry Writes After Ambiguous Failures',
		method: 'POST',
		idempotent: true,
		parameters: {
			resource: 'case',
			operation: 'create',
			directoryId: byId(UUID),
			docflow: 'input',
			name: 'New',
			requestOptions: { retryWrites: true },
		},
	},
];

/** What the first item meets, and what must follow. `error` undefined: the first item succeeds. */
export interface Fault {
	name: string;
	script: (op: Op) => Array<[Reply, number]>;
	requests: (op: Op) => number;
	error?: (op: Op) => RegExp | undefined;
	/** The first item legitimately outputs nothing (an empty list). */
	empty?: (op: Op) => boolean;
	/**
	 * Request Options > Timeout of the cell when CELL_TIMEOUT_MS is too short for the fault: the
	 * timeout is a total deadline per attempt, and a 2 MB answer can take over a second on a busy machine.
	 */
	timeout?: number;
}

const ambiguous = (op: Op, reason: RegExp) => (op.idempotent ? undefined : reason);

export const FAULTS: Fault[] = [
	{
		name: 'latency (300 ms)',
		script: () => [[faults.latency(300, HEALTHY), 1]],
		requests: () => 1,
	},
	{
		name: 'no answer within the timeout',
		script: () => [[faults.latency(CELL_TIMEOUT_MS + 1500, HEALTHY), 1]],
		requests: (op) => (op.idempotent ? 2 : 1),
		error: (op) => ambiguous(op, /^ELMA365: the platform could not be reached \(timed out\)$/),
	},
	{
		name: 'connection reset before the answer',
		script: () => [[faults.resetBeforeResponse(), 1]],
		requests: (op) => (op.idempotent ? 2 : 1),
		error: (op) => ambiguous(op, /^ELMA365: the platform could not be reached/),
	},
	{
		name: 'connection reset mid-response',
		script: () => [[faults.resetMidResponse(), 1]],
		requests: (op) => (op.idempotent ? 2 : 1),
		error: (op) => ambiguous(op, /^ELMA365: the platform's answer was cut off or unreadable$/),
	},
	{
		name: '429 with Retry-After: 0, twice',
		script: () => [[faults.tooManyRequests('0'), 2]],
		requests: () => 3,
	},
	{
		name: '429 without Retry-After, once',
		script: () => [[faults.tooManyRequests(), 1]],
		requests: () => 2,
	},
	{
		// Refused, sent again after the short Retry-After without a probe, refused again: then probes
		// after holds of 0.5 s and 1 s, and the next hold (2 s) would pass Max Quota Wait (3 s). The
		// next items wait out what is left of it and go through.
		name: '429 that outlasts Max Quota Wait',
		script: () => [[faults.tooManyRequests('0.5'), 4]],
		requests: () => 4,
		error: () => /^ELMA365 429: the company's API request quota is used up/,
	},
	{
		name: '500 burst of two',
		script: (op) => [[faults.serverError(500, 'internal failure 500', '0'), op.idempotent ? 2 : 1]],
		requests: (op) => (op.idempotent ? 3 : 1),
		error: (op) => ambiguous(op, /^ELMA365 500: internal failure 500$/),
	},
	{
		name: '502 HTML page that never ends',
		script: (op) => [[faults.htmlErrorPage(502, '0'), op.idempotent ? MAX_ATTEMPTS : 1]],
		requests: (op) => (op.idempotent ? MAX_ATTEMPTS : 1),
		error: () => /^ELMA365 502: 502 Bad Gateway 502 Bad Gateway nginx$/,
	},
	{
		name: '503 that never ends',
		script: (op) => [
			[faults.serverError(503, 'service unavailable', '0'), op.idempotent ? MAX_ATTEMPTS : 1],
		],
		requests: (op) => (op.idempotent ? MAX_ATTEMPTS : 1),
		error: () => /^ELMA365 503: service unavailable$/,
	},
	{
		name: 'malformed JSON with 200',
		script: () => [[faults.malformedJson(), 1]],
		requests: () => 1,
		error: () => /^ELMA365: the platform answered with something that is not JSON/,
	},
	{
		name: 'HTML page with 200 (a proxy or login page)',
		script: () => [[{ ...faults.htmlErrorPage(502), status: 200 }, 1]],
		requests: () => 1,
		error: () => /^ELMA365: the platform answered with something that is not JSON/,
	},
	{
		name: 'empty body with 200',
		script: () => [[faults.emptyBody(200), 1]],
		requests: () => 1,
		empty: (op) => op.list === true,
	},
	{
		name: 'empty body with 500',
		script: (op) => [
			[
				{ ...faults.emptyBody(500), headers: { 'retry-after': '0' } },
				op.idempotent ? MAX_ATTEMPTS : 1,
			],
		],
		requests: (op) => (op.idempotent ? MAX_ATTEMPTS : 1),
		error: () => /^ELMA365 500: The platform failed to process the request \(HTTP 500\)\.$/,
	},
	{
		// A list reads on after a page shorter than asked while `total` says more (a capped platform
		// looks the same); the next page, empty, ends it.
		name: 'a total that lies',
		script: (op) =>
			op.list
				? [
						[faults.lyingTotal(), 1],
						[faults.lyingTotal([]), 1],
					]
				: [[faults.lyingTotal(), 1]],
		requests: (op) => (op.list ? 2 : 1),
	},
	{
		name: 'huge body (2 MB) with 200',
		script: () => [[faults.hugeBody(2_000_000), 1]],
		requests: () => 1,
		timeout: 20_000,
	},
	{
		name: 'huge error page (2 MB) with 503',
		script: (op) => [
			[
				{ ...faults.hugeBody(2_000_000, 503), headers: { 'retry-after': '0' } },
				op.idempotent ? MAX_ATTEMPTS : 1,
			],
		],
		requests: (op) => (op.idempotent ? MAX_ATTEMPTS : 1),
		error: () => /^ELMA365 503: overloaded overloaded .{0,300}…$/,
		timeout: 20_000,
	},
];
