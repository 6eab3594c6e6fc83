/**
 * Options > Concurrency on every per-item operation, one row per case, answered by the strict
 * double's own routes. A row names its operation, its parameters and input, the route it holds
 * (each request held for a time, so answers arrive out of input order; see harness/inFlight.ts)
 * and what is asserted: requests in flight at most, the wire requests (in any order, or in input
 * order), the requests per key (one item, one file, one key) in input order, the outputs in input
 * order, what the double stored. Every run is also checked for no error, no overlapping requests
 * on one key and each output paired with its own input item. A case that is truly its own has a
 * `check`. The Options > Concurrency defaults the nodes declare are the last table.
 */
import type { IDataObject, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import { newId } from '../harness/index.ts';
import type { RecordedRequest } from '../harness/index.ts';
import { holdRequests, newInFlight, reversed } from '../harness/inFlight';
import type { InFlight } from '../harness/inFlight';
import { itemsOf } from '../harness/routes/app.ts';
import { storedValues } from '../harness/routes/storage.ts';
import type { Parameters } from '../harness/setup';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { useVirtualClock } from '../harness/clock';

const t = usePlatform();
useVirtualClock();

/** A route of the double whose matching requests are held (see holdRequests). */
interface Hold {
	method: string;
	path: RegExp;
	/** How many requests are held. */
	times: number;
	/** Hold the first `gate` until all of them have arrived. */
	gate?: number;
	delay: (request: RecordedRequest) => number;
	/** Requests with one key must never be in flight together. */
	key?: (request: RecordedRequest) => string;
}

interface Case {
	/** The test's name. */
	name: string;
	/** Resource and operation, as the node's panel names them (the test is named `<operation>: <name>`). */
	operation: string;
	parameters: Parameters;
	/** The JSON of the input items. */
	input: () => IDataObject[];
	continueOnFail?: boolean;
	/** Data of this case only (the node's own data is seeded for every case). */
	seed?: () => void;
	hold?: Hold | Hold[];
	/** Requests in flight at most. */
	inFlight?: number;
	/** The paths in input order: the answers must have come back in another order. */
	notAnsweredIn?: () => string[];
	/** What a recorded request is compared as; [method, path, query, body] unless given. */
	wire?: (request: RecordedRequest) => unknown;
	/** Every request sent, in any order. */
	sent?: () => unknown[];
	/** Every request sent, in this order. */
	sentInOrder?: () => unknown[];
	/** The requests of each key (`of`), each as `as`, in the order they were sent. */
	sentPerKey?: {
		of: (request: RecordedRequest) => string;
		as: (request: RecordedRequest) => unknown;
		is: () => Record<string, unknown[]>;
	};
	/** The output items' JSON, each as `outputAs` when given, in input order. */
	output?: () => unknown[];
	outputAs?: (json: IDataObject) => unknown;
	/** What the double holds after the run. */
	stored?: { of: () => unknown; is: () => unknown };
	/** The run is refused with this message before any request, with no output. */
	refused?: string;
	check?: (result: RunResult, inFlight: InFlight) => void;
}

/** One node's cases and the data they all start from. */
interface Node {
	node: string;
	seed?: () => void;
	cases: Case[];
}

const asWire = (request: RecordedRequest) => [
	request.method,
	request.path,
	request.query,
	request.body,
];
/** A list in a canonical order, to compare lists whose order is not asserted. */
const sorted = (list: unknown[]) =>
	list
		.map((entry) => [JSON.stringify(entry), entry] as const)
		.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
		.map(([, entry]) => entry);
const pairedInOrder = (count: number) => Array.from({ length: count }, (_, item) => ({ item }));
const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });
/** `Name 7` is item 7: later items are answered sooner. */
const byNumberIn =
	(count: number, name: (request: RecordedRequest) => string) => (request: RecordedRequest) =>
		reversed(count, Number(name(request).replace(/\D/g, '')));

async function runCase(node: string, row: Case): Promise<void> {
	row.seed?.();
	const inFlight = newInFlight();
	for (const hold of [row.hold ?? []].flat())
		holdRequests(t.platform, hold.method, hold.path, hold, inFlight);
	const input = row.input();
	const result = await t.run({
		nodeType: node,
		parameters: row.parameters,
		input: input.map((json) => ({ json })),
		continueOnFail: row.continueOnFail,
	});
	const { items, error } = result;
	const requests = t.platform.requests;
	if (row.refused !== undefined) {
		expect(items).toEqual([]);
		expect(error?.message).toBe(row.refused);
		expect(requests).toHaveLength(0);
		return;
	}
	expect(error).toBeUndefined();
	if (row.inFlight !== undefined) expect(inFlight.max).toBe(row.inFlight);
	expect(inFlight.overlaps).toEqual([]);
	if (row.notAnsweredIn) expect(inFlight.order).not.toEqual(row.notAnsweredIn());
	const wire = row.wire ?? asWire;
	if (row.sent) expect(sorted(requests.map(wire))).toEqual(sorted(row.sent()));
	if (row.sentInOrder) expect(requests.map(wire)).toEqual(row.sentInOrder());
	if (row.sentPerKey) {
		const { of, as, is } = row.sentPerKey;
		for (const [key, sent] of Object.entries(is()))
			expect([key, requests.filter((r) => of(r) === key).map(as)]).toEqual([key, sent]);
	}
	if (row.output)
		expect(jsonOf(items).map((json) => (row.outputAs ? row.outputAs(json) : json))).toEqual(
			row.output(),
		);
	if (row.stored) expect(row.stored.of()).toEqual(row.stored.is());
	expect(pairingOf(items)).toEqual(pairedInOrder(input.length));
	row.check?.(result, inFlight);
}

// ---------------------------------------------------------------------------------------------
// App and Contract: Item > Get (and App's Set Status), items addressed by ID.

function itemGet(options: {
	method: string;
	base: string;
	ids: string[];
	output: (id: string, index: number) => IDataObject;
	parameters: Parameters;
	body: unknown;
}): Case[] {
	const { method, base, ids, parameters, body } = options;
	/** Item i addresses ids[i] (the path's sixth segment): later items are answered sooner. */
	const byItem = (request: RecordedRequest) =>
		reversed(ids.length, ids.indexOf(request.path.split('/')[6]));
	return [
		{
			name: 'without the option: every item in flight at once; output in input order and paired',
			operation: 'item get',
			parameters,
			input: () => ids.map((id) => ({ id })),
			hold: { method, path: /\/get$/, times: 6, gate: 6, delay: byItem },
			inFlight: 6,
			notAnsweredIn: () => ids.map((id) => `${base}/${id}/get`),
			sent: () => ids.map((id) => [method, `${base}/${id}/get`, {}, body]),
			output: () => ids.map(options.output),
		},
		{
			name: 'Concurrency 1: one item after the other, in input order',
			operation: 'item get',
			parameters: { ...parameters, options: { concurrency: 1 } },
			input: () => ids.slice(0, 4).map((id) => ({ id })),
			hold: { method, path: /\/get$/, times: 4, delay: byItem },
			inFlight: 1,
			sentInOrder: () => ids.slice(0, 4).map((id) => [method, `${base}/${id}/get`, {}, body]),
			output: () => ids.slice(0, 4),
			outputAs: (json) => json.__id,
		},
	];
}

function appCases(): Node {
	const NS = 'crm';
	const APP = 'deals';
	const base = `/pub/v1/app/${NS}/${APP}`;
	const items = () => itemsOf(t.platform, 'app', NS, APP);
	const ids = Array.from({ length: 6 }, () => newId());
	const idOf = (request: { path: string }) => request.path.split('/')[6];
	const byItem = (request: RecordedRequest) => reversed(ids.length, ids.indexOf(idOf(request)));
	const deal = (id: string, index: number) => ({ __id: id, __name: `Deal ${index}`, price: index });
	const STATUS_IDS: Record<string, number> = { new: 1, in_progress: 2, done: 3 };
	const where = { resource: 'item', namespace: NS, application: APP, itemId: '={{ $json.id }}' };
	const setStatus = (statusCode: string) => ({ ...where, operation: 'setStatus', statusCode });
	const SET_STATUS = /\/set-status$/;
	const codes = ['new', 'in_progress', 'done', 'new', 'in_progress', 'done'];
	const [a, b, c] = ids;
	const changes: Array<[string, string]> = [
		[a, 'new'],
		[a, 'in_progress'],
		[b, 'done'],
		[a, 'done'],
		[c, 'new'],
		[b, 'new'],
	];
	return {
		node: 'elma365App',
		seed: () => {
			items().clear();
			ids.forEach((id, index) => items().set(id, deal(id, index)));
		},
		cases: [
			...itemGet({
				method: 'POST',
				base,
				ids,
				output: deal,
				parameters: { ...where, operation: 'get' },
				body: {},
			}),
			{
				name: 'without the option: every item in flight at once; each output is its own item with its status, in input order',
				operation: 'item set status',
				parameters: setStatus('={{ $json.code }}'),
				input: () => ids.map((id, index) => ({ id, code: codes[index] })),
				hold: { method: 'POST', path: SET_STATUS, times: 6, gate: 6, delay: byItem },
				inFlight: 6,
				notAnsweredIn: () => ids.map((id) => `${base}/${id}/set-status`),
				sent: () =>
					ids.map((id, index) => [
						'POST',
						`${base}/${id}/set-status`,
						{},
						{ status: { code: codes[index] } },
					]),
				output: () =>
					ids.map((id, index) => ({
						...deal(id, index),
						__status: { order: 0, status: STATUS_IDS[codes[index]] },
					})),
			},
			{
				name: 'Concurrency 1: one item after the other, in input order',
				operation: 'item set status',
				parameters: { ...setStatus('done'), options: { concurrency: 1 } },
				input: () => ids.slice(0, 4).map((id) => ({ id })),
				hold: { method: 'POST', path: SET_STATUS, times: 4, delay: byItem },
				inFlight: 1,
				sentInOrder: () =>
					ids
						.slice(0, 4)
						.map((id) => ['POST', `${base}/${id}/set-status`, {}, { status: { code: 'done' } }]),
			},
			{
				name: 'status changes of one item never overlap and arrive in input order; other items go beside them',
				operation: 'item set status',
				parameters: setStatus('={{ $json.code }}'),
				input: () => changes.map(([id, code]) => ({ id, code })),
				hold: {
					method: 'POST',
					path: SET_STATUS,
					times: changes.length,
					gate: 3,
					delay: (request) => reversed(3, [a, b, c].indexOf(idOf(request))),
					key: idOf,
				},
				inFlight: 3,
				sentPerKey: {
					of: idOf,
					as: (request) => (request.body as { status: { code: string } }).status.code,
					is: () => ({ [a]: ['new', 'in_progress', 'done'], [b]: ['done', 'new'], [c]: ['new'] }),
				},
				stored: {
					of: () => [a, b, c].map((id) => items().get(id)!.__status),
					is: () => [
						{ order: 0, status: STATUS_IDS.done },
						{ order: 0, status: STATUS_IDS.new },
						{ order: 0, status: STATUS_IDS.new },
					],
				},
				output: () => changes.map(([id, code]) => [id, STATUS_IDS[code]]),
				outputAs: (json) => [json.__id, (json.__status as { status: number }).status],
			},
		],
	};
}

function contractCases(): Node {
	const NS = 'legal';
	const CODE = 'contracts';
	const items = () => itemsOf(t.platform, 'contracts', NS, CODE);
	const ids = Array.from({ length: 6 }, () => newId());
	const contract = (id: string, index: number) => ({
		__id: id,
		__name: `Contract ${index}`,
		amount: index,
	});
	return {
		node: 'elma365Contract',
		seed: () => {
			items().clear();
			ids.forEach((id, index) => items().set(id, contract(id, index)));
		},
		cases: itemGet({
			method: 'GET',
			base: `/pub/v1/contracts/${NS}/${CODE}`,
			ids,
			output: contract,
			parameters: {
				resource: 'item',
				operation: 'get',
				namespace: NS,
				application: CODE,
				itemId: '={{ $json.id }}',
			},
			body: undefined,
		}),
	};
}

// ---------------------------------------------------------------------------------------------
// File: file get (the adaptive window), download link, download, move; directory create and get.

function fileCases(): Node {
	const files = () => t.platform.collection('diskFiles');
	const directories = () => t.platform.collection('diskDirectories');
	const fileIds = Array.from({ length: 6 }, () => newId());
	const directoryIds = Array.from({ length: 3 }, () => newId());
	/** Item i addresses fileIds[i] (in the path): later items are answered sooner. */
	const byFileInPath = (request: RecordedRequest) =>
		reversed(
			fileIds.length,
			fileIds.findIndex((id) => request.path.includes(id)),
		);
	const GET_LINK = /^\/pub\/v1\/disk\/file\/[^/]+\/get-link$/;
	const fileInput = () => fileIds.map((id) => ({ id }));
	const download = (options?: Parameters) => ({
		resource: 'file',
		operation: 'download',
		fileId: '={{ $json.id }}',
		...(options && { options }),
	});
	const [a, b, c] = fileIds;
	const [d0, d1, d2] = directoryIds;
	const moves = [
		[a, d0],
		[a, d1],
		[b, d2],
		[a, d2],
		[c, d0],
		[b, d0],
	];
	const hashOf = (request: RecordedRequest) =>
		(request.body as { files: Array<{ hash: string }> }).files[0].hash;
	const nameOf = (body: unknown) => (body as { __name: string }).__name;
	const newDirectories = Array.from({ length: 6 }, (_, index) => `New ${index}`);
	return {
		node: 'elma365File',
		seed: () => {
			directoryIds.forEach((id, index) =>
				directories().set(id, { __id: id, name: `Folder ${index}` }),
			);
			fileIds.forEach((id, index) =>
				files().set(id, {
					__id: id,
					name: `file-${index}.txt`,
					directory: null,
					size: 6,
					version: 1,
					hash: newId(),
					mimeType: 'text/plain',
					data: Buffer.from(`file ${index}`),
				}),
			);
		},
		cases: [
			{
				name: 'without the option: all six files in flight together; each item gets its own file, in input order',
				operation: 'file get',
				parameters: { resource: 'file', operation: 'get', fileId: '={{ $json.id }}' },
				input: fileInput,
				hold: {
					method: 'GET',
					path: /^\/pub\/v1\/disk\/file\/[^/]+$/,
					gate: 6,
					times: 6,
					delay: byFileInPath,
				},
				inFlight: 6,
				notAnsweredIn: () => fileIds.map((id) => `/pub/v1/disk/file/${id}`),
				sent: () => fileIds.map((id) => ['GET', `/pub/v1/disk/file/${id}`, {}, undefined]),
				output: () =>
					fileIds.map((id) => {
						const { data: _data, mimeType: _mimeType, ...file } = files().get(id)!;
						return file;
					}),
			},
			{
				name: "at most N in flight; each item gets its own file's link, in input order",
				operation: 'file get download link',
				parameters: {
					resource: 'file',
					operation: 'getDownloadLink',
					fileId: '={{ $json.id }}',
					options: { concurrency: 4 },
				},
				input: fileInput,
				hold: { method: 'POST', path: GET_LINK, gate: 4, times: 6, delay: byFileInPath },
				inFlight: 4,
				notAnsweredIn: () => fileIds.map((id) => `/pub/v1/disk/file/${id}/get-link`),
				output: () =>
					fileIds.map((id) => {
						const link = `${t.platform.url}/pub/v1/disk/download/${id}`;
						return { Link: link, link };
					}),
			},
			{
				name: 'Options > Concurrency (beside File Name) keeps at most N in flight; each item gets its own bytes',
				operation: 'file download',
				parameters: download({ concurrency: 3, fileName: '={{ $json.id }}.txt' }),
				input: fileInput,
				hold: { method: 'POST', path: GET_LINK, gate: 3, times: 6, delay: byFileInPath },
				inFlight: 3,
				output: () => fileIds,
				outputAs: (json) => json.fileId,
				check: ({ items }) => {
					expect(
						t.platform.requests
							.filter((r) => r.method === 'GET')
							.map((r) => r.path)
							.sort(),
					).toEqual(fileIds.map((id) => `/pub/v1/disk/download/${id}`).sort());
					expect(
						items.map((item) => Buffer.from(item.binary!.data.data, 'base64').toString()),
					).toEqual(fileIds.map((_, index) => `file ${index}`));
					expect(items.map((item) => item.binary!.data.fileName)).toEqual(
						fileIds.map((id) => `${id}.txt`),
					);
				},
			},
			{
				name: 'without the option: one file after the other',
				operation: 'file download',
				parameters: download(),
				input: () => fileIds.slice(0, 3).map((id) => ({ id })),
				hold: { method: 'POST', path: GET_LINK, times: 3, delay: byFileInPath },
				inFlight: 1,
				wire: (request) => request.path,
				sentInOrder: () =>
					fileIds
						.slice(0, 3)
						.flatMap((id) => [`/pub/v1/disk/file/${id}/get-link`, `/pub/v1/disk/download/${id}`]),
			},
			{
				name: 'a Concurrency outside 1-200 is refused before any request',
				operation: 'file download',
				parameters: download({ concurrency: 0 }),
				input: () => fileIds.slice(0, 2).map((id) => ({ id })),
				refused: 'Options > Concurrency must be a whole number from 1 to 200, got 0',
			},
			{
				name: 'moves of one file never overlap and arrive in input order; other files go beside them',
				operation: 'file move',
				parameters: {
					resource: 'file',
					operation: 'move',
					fileId: '={{ $json.file }}',
					directoryId: locator('={{ $json.directory }}'),
					options: { concurrency: 4 },
				},
				input: () => moves.map(([file, directory]) => ({ file, directory })),
				hold: {
					method: 'POST',
					path: /^\/pub\/v1\/disk\/file\/move$/,
					times: moves.length,
					gate: 3,
					delay: (request) => reversed(3, directoryIds.indexOf(request.query.directoryID)),
					key: hashOf,
				},
				inFlight: 3,
				sentPerKey: {
					of: hashOf,
					as: (request) => request.query.directoryID,
					is: () => ({ [a]: [d0, d1, d2], [b]: [d2, d0] }),
				},
				stored: {
					of: () => [a, b, c].map((id) => files().get(id)!.directory),
					is: () => [d2, d0, d0],
				},
				output: () => moves,
				outputAs: (json) => [json.__id, json.directory],
			},
			{
				name: 'at most N in flight; created directories output in input order and paired',
				operation: 'directory create',
				parameters: {
					resource: 'directory',
					operation: 'create',
					name: '={{ $json.name }}',
					parentId: locator(d0),
					options: { concurrency: 4 },
				},
				input: () => newDirectories.map((name) => ({ name })),
				hold: {
					method: 'POST',
					path: /^\/pub\/v1\/disk\/directory$/,
					times: 6,
					gate: 4,
					delay: byNumberIn(6, (request) => nameOf(request.body)),
				},
				inFlight: 4,
				sent: () =>
					newDirectories.map((name) => [
						'POST',
						'/pub/v1/disk/directory',
						{},
						{ __name: name, directory: d0 },
					]),
				output: () => newDirectories.map((name) => [name, name]),
				outputAs: (json) => [nameOf(json), directories().get(json.__id as string)?.__name],
			},
			{
				name: 'at most N in flight; output in input order and paired',
				operation: 'directory get',
				parameters: {
					resource: 'directory',
					operation: 'get',
					directoryId: locator('={{ $json.id }}'),
					options: { concurrency: 2 },
				},
				input: () => directoryIds.map((id) => ({ id })),
				hold: {
					method: 'GET',
					path: /^\/pub\/v1\/disk\/directory\/[^/]+$/,
					times: 3,
					gate: 2,
					delay: (request) =>
						reversed(
							3,
							directoryIds.findIndex((id) => request.path.endsWith(id)),
						),
				},
				inFlight: 2,
				output: () => directoryIds.map((id, index) => ({ __id: id, name: `Folder ${index}` })),
			},
		],
	};
}

// ---------------------------------------------------------------------------------------------
// Marketing: Segment > Get (the adaptive window by default).

function marketingCases(): Node {
	const segments = () => t.platform.collection('segments');
	const ids = Array.from({ length: 5 }, () => newId());
	const SEGMENT = /^\/pub\/v1\/marketing\/segment\/[^/]+$/;
	const pathOf = (id: string) => `/pub/v1/marketing/segment/${id}`;
	const get = { resource: 'segment', operation: 'get', segmentId: locator('={{ $json.id }}') };
	/** Segment i is answered sooner the later it comes in the input. */
	const bySegment = (request: RecordedRequest) =>
		reversed(
			ids.length,
			ids.findIndex((id) => request.path.endsWith(id)),
		);
	return {
		node: 'elma365Marketing',
		seed: () => {
			segments().clear();
			ids.forEach((id, index) => segments().set(id, { __id: id, name: `Segment ${index}` }));
		},
		cases: [
			{
				name: 'without the option: all five segments in flight together; each item gets its own segment, in input order',
				operation: 'segment get',
				parameters: get,
				input: () => ids.map((id) => ({ id })),
				hold: { method: 'GET', path: SEGMENT, gate: 5, times: 5, delay: bySegment },
				inFlight: 5,
				notAnsweredIn: () => ids.map(pathOf),
				sent: () => ids.map((id) => ['GET', pathOf(id), {}, undefined]),
				output: () => ids.map((id, index) => ({ __id: id, name: `Segment ${index}` })),
			},
			{
				name: 'with Concurrency 2: at most two in flight',
				operation: 'segment get',
				parameters: { ...get, options: { concurrency: 2 } },
				input: () => ids.map((id) => ({ id })),
				hold: { method: 'GET', path: SEGMENT, gate: 2, times: 5, delay: bySegment },
				inFlight: 2,
			},
		],
	};
}

// ---------------------------------------------------------------------------------------------
// Nomenclature: directory create and update; document Get Registrations (the adaptive window).

function nomenclatureCases(): Node {
	const directories = () => t.platform.collection('nomenclatureDirectories');
	const nameOf = (body: unknown) => (body as { name: string }).name;
	const byName = (count: number) => byNumberIn(count, (request) => nameOf(request.body));
	const DIRECTORY = '/pub/v1/nomenclature/directory';
	const names = (count: number) => Array.from({ length: count }, (_, index) => `Name ${index}`);
	const update = (concurrency: number) => ({
		resource: 'directory',
		operation: 'update',
		directoryId: locator('={{ $json.id }}'),
		name: '={{ $json.name }}',
		options: { concurrency },
	});
	const [a, b, c] = [newId(), newId(), newId()];
	const targets = [a, a, b, a, c, b, a];
	const distinct = Array.from({ length: 6 }, () => newId());
	const renames = (ids: string[]) => ids.map((id, index) => ({ id, name: `Name ${index}` }));
	const documentIds = Array.from({ length: 5 }, () => newId());
	const registrationOf = (index: number) => ({ __id: `reg-${index}`, number: `IN-${index}` });
	const registrationPath = (id: string) => `/pub/v1/registration/crm/deals/${id}`;
	return {
		node: 'elma365Nomenclature',
		seed: () => directories().clear(),
		cases: [
			{
				name: 'Concurrency N: at most N in flight, created directories output in input order and paired',
				operation: 'directory create',
				parameters: {
					resource: 'directory',
					operation: 'create',
					name: '={{ $json.name }}',
					options: { concurrency: 3 },
				},
				input: () => names(7).map((name) => ({ name })),
				hold: {
					method: 'POST',
					path: /^\/pub\/v1\/nomenclature\/directory$/,
					times: 7,
					gate: 3,
					delay: byName(7),
				},
				inFlight: 3,
				wire: (request) => [request.method, request.path, request.query, nameOf(request.body)],
				sent: () => names(7).map((name) => ['POST', DIRECTORY, {}, name]),
				output: () => names(7).map((name) => [name, name]),
				outputAs: (json) => [nameOf(json), directories().get(json.__id as string)?.name],
			},
			{
				name: 'without the option directories are created one after the other, in input order',
				operation: 'directory create',
				parameters: { resource: 'directory', operation: 'create', name: '={{ $json.name }}' },
				input: () => names(4).map((name) => ({ name })),
				hold: {
					method: 'POST',
					path: /^\/pub\/v1\/nomenclature\/directory$/,
					times: 4,
					delay: byName(4),
				},
				inFlight: 1,
				wire: (request) => nameOf(request.body),
				sentInOrder: () => names(4),
			},
			{
				name: 'updates of one directory never overlap and arrive in input order; other directories go beside them',
				operation: 'directory update',
				seed: () => {
					for (const id of [a, b, c]) directories().set(id, { __id: id, name: 'Old' });
				},
				// As many as the items: each directory's first update is taken at once, whatever the timing.
				parameters: update(targets.length),
				input: () => renames(targets),
				hold: {
					method: 'PUT',
					path: /^\/pub\/v1\/nomenclature\/directory\/[^/]+$/,
					times: targets.length,
					gate: 3,
					delay: byName(targets.length),
					key: (request) => request.path,
				},
				// Three directories: no more than three requests can be in flight.
				inFlight: 3,
				sentPerKey: {
					of: (request) => request.path,
					as: (request) => request.body,
					is: () => ({
						[`${DIRECTORY}/${a}`]: [
							{ name: 'Name 0' },
							{ name: 'Name 1' },
							{ name: 'Name 3' },
							{ name: 'Name 6' },
						],
						[`${DIRECTORY}/${b}`]: [{ name: 'Name 2' }, { name: 'Name 5' }],
						[`${DIRECTORY}/${c}`]: [{ name: 'Name 4' }],
					}),
				},
				stored: {
					of: () => [a, b, c].map((id) => directories().get(id)?.name),
					is: () => ['Name 6', 'Name 5', 'Name 4'],
				},
				output: () => renames(targets).map(({ id, name }) => ({ __id: id, name })),
			},
			{
				name: 'Concurrency N over N distinct directories: N in flight, output in input order',
				operation: 'directory update',
				seed: () => {
					for (const id of distinct) directories().set(id, { __id: id, name: 'Old' });
				},
				parameters: update(2),
				input: () => renames(distinct),
				hold: {
					method: 'PUT',
					path: /^\/pub\/v1\/nomenclature\/directory\/[^/]+$/,
					times: 6,
					gate: 2,
					delay: byName(6),
				},
				inFlight: 2,
				notAnsweredIn: () => distinct.map((id) => `${DIRECTORY}/${id}`),
				output: () => renames(distinct).map(({ id, name }) => ({ __id: id, name })),
			},
			{
				name: 'without the option: all five documents in flight together; each item gets its own registrations, in input order',
				operation: 'document get registrations',
				seed: () => {
					const documents = itemsOf(t.platform, 'app', 'crm', 'deals');
					documents.clear();
					t.platform.collection('registrations').clear();
					documentIds.forEach((id, index) => {
						documents.set(id, { __id: id, __name: `Document ${index}` });
						t.platform
							.collection('registrations')
							.set(`crm/deals/${id}`, { entries: [registrationOf(index)] });
					});
				},
				parameters: {
					resource: 'document',
					operation: 'getRegistrations',
					namespace: locator('crm', 'list'),
					application: locator('deals', 'list'),
					itemId: locator('={{ $json.id }}'),
				},
				input: () => documentIds.map((id) => ({ id })),
				hold: {
					method: 'POST',
					path: /^\/pub\/v1\/registration\/crm\/deals\/[^/]+$/,
					gate: 5,
					times: 5,
					/** Document i is answered sooner the later it comes in the input. */
					delay: (request) =>
						reversed(
							documentIds.length,
							documentIds.findIndex((id) => request.path.endsWith(id)),
						),
				},
				inFlight: 5,
				notAnsweredIn: () => documentIds.map(registrationPath),
				sent: () => documentIds.map((id) => ['POST', registrationPath(id), {}, {}]),
				output: () => documentIds.map((_, index) => ({ registrations: [registrationOf(index)] })),
			},
		],
	};
}

// ---------------------------------------------------------------------------------------------
// Process: process start; instance get, interrupt and the instance changes.

function processCases(): Node {
	const instances = () => t.platform.collection('processInstances');
	const templateId = newId();
	const RUN = '/pub/v1/bpm/template/crm.deals/approval/run';
	// JSON values read the template's scheme once per run for their types (the double has none for
	// this template: 404, so the values go as given).
	const SCHEME = '/pub/v1/scheme/namespaces/crm.deals/processes/approval';
	const start = (extra: IDataObject = {}) => ({
		resource: 'process',
		operation: 'start',
		namespace: 'crm.deals',
		processCode: 'approval',
		fieldsInputMode: 'json',
		fieldsJson: '={{ JSON.stringify({ order: $json.order }) }}',
		...extra,
	});
	const orderOf = (request: { body: unknown }) =>
		(request.body as { context: { order: number } }).context.order;
	const orders = (count: number) => Array.from({ length: count }, (_, order) => order);
	const instanceOf = (request: { path: string }) => request.path.split('/')[5];
	const running = (ids: string[]) => () => {
		for (const id of ids)
			instances().set(id, { __id: id, __templateId: templateId, __state: 'exec' });
	};
	const getIds = Array.from({ length: 6 }, () => newId());
	const [x, y, z] = Array.from({ length: 3 }, () => newId());
	const interrupts = [x, y, x, z];
	return {
		node: 'elma365Process',
		seed: () => {
			t.platform.collection('processTemplates').clear();
			instances().clear();
			t.platform
				.collection('processTemplates')
				.set(templateId, { __id: templateId, namespace: 'crm.deals', code: 'approval' });
		},
		cases: [
			{
				name: 'Concurrency N: at most N started at once; each output is the instance its own item started, in input order',
				operation: 'process start',
				parameters: start({ options: { concurrency: 3 } }),
				input: () => orders(8).map((order) => ({ order })),
				hold: {
					method: 'POST',
					path: /\/run$/,
					times: 8,
					gate: 3,
					delay: (request) => reversed(8, orderOf(request)),
				},
				inFlight: 3,
				sent: () => [
					['GET', SCHEME, {}, undefined],
					...orders(8).map((order) => ['POST', RUN, {}, { context: { order } }]),
				],
				output: () => orders(8).map((order) => [order, order]),
				outputAs: (json) => {
					const { instanceId, context } = json as {
						instanceId: string;
						context: { order: number };
					};
					return [context.order, instances().get(instanceId)?.order];
				},
			},
			{
				name: 'without the option processes start one after the other, in input order',
				operation: 'process start',
				parameters: start(),
				input: () => orders(4).map((order) => ({ order })),
				hold: {
					method: 'POST',
					path: /\/run$/,
					times: 4,
					delay: (request) => reversed(4, orderOf(request)),
				},
				inFlight: 1,
				wire: (request) => (request.path === SCHEME ? 'scheme' : orderOf(request)),
				sentInOrder: () => ['scheme', ...orders(4)],
			},
			{
				name: 'Concurrency N: at most N in flight; output in input order and paired',
				operation: 'instance get',
				seed: () =>
					getIds.forEach((id, index) =>
						instances().set(id, { __id: id, __templateId: templateId, order: index }),
					),
				parameters: {
					resource: 'instance',
					operation: 'get',
					instanceId: '={{ $json.id }}',
					options: { concurrency: 4 },
				},
				input: () => getIds.map((id) => ({ id })),
				hold: {
					method: 'POST',
					path: /\/get$/,
					times: 6,
					gate: 4,
					delay: (request) => reversed(6, getIds.indexOf(instanceOf(request))),
				},
				inFlight: 4,
				notAnsweredIn: () => getIds.map((id) => `/pub/v1/bpm/instance/${id}/get`),
				wire: (request) => [request.method, request.path, request.body],
				sent: () => getIds.map((id) => ['POST', `/pub/v1/bpm/instance/${id}/get`, undefined]),
				output: () =>
					getIds.map((id, index) => ({ __id: id, __templateId: templateId, order: index })),
			},
			{
				name: 'interrupts of one instance never overlap, the second finds it stopped; other instances go beside them',
				operation: 'instance interrupt',
				seed: running([x, y, z]),
				parameters: { resource: 'instance', operation: 'interrupt', instanceId: '={{ $json.id }}' },
				input: () => interrupts.map((id) => ({ id })),
				continueOnFail: true,
				hold: {
					method: 'POST',
					path: /\/interrupt$/,
					times: interrupts.length,
					gate: 3,
					delay: (request) => reversed(3, [x, y, z].indexOf(instanceOf(request))),
					key: instanceOf,
				},
				inFlight: 3,
				output: () => [true, true, `ELMA365 400: process instance ${x} is not running`, true],
				outputAs: (json) => json.interrupted ?? json.error,
			},
			...instanceChanges.flatMap((change) => instanceChangeCases(change, running, instanceOf)),
		],
	};
}

/** An Instance operation that changes one instance per item: its request and output for the item's `order`. */
interface InstanceChange {
	operation: string;
	method: string;
	action: string;
	parameters: IDataObject;
	body: (order: number) => unknown;
	output: (instanceId: string, order: number) => IDataObject;
}

const stepAction = (operation: string, action: string, done: string): InstanceChange => ({
	operation,
	method: 'POST',
	action,
	parameters: {},
	body: () => ({}),
	output: (instanceId) => ({ instanceId, [done]: true }),
});

const instanceChanges: InstanceChange[] = [
	{
		operation: 'updateContext',
		method: 'PUT',
		action: 'context',
		parameters: {
			comment: 'Fix',
			fieldsInputMode: 'json',
			fieldsJson: '={{ JSON.stringify({ order: $json.order }) }}',
		},
		body: (order) => ({ comment: 'Fix', context: { order } }),
		output: (instanceId, order) => ({ instanceId, comment: 'Fix', context: { order } }),
	},
	stepAction('skipStep', 'skip-step', 'stepSkipped'),
	stepAction('restartStep', 'restart-step', 'stepRestarted'),
	stepAction('moveToVersion', 'version', 'movedToLatestVersion'),
];

function instanceChangeCases(
	change: InstanceChange,
	running: (ids: string[]) => () => void,
	instanceOf: (request: { path: string }) => string,
): Case[] {
	const ids = Array.from({ length: 5 }, () => newId());
	const [a, b, c] = ids;
	const sameInstance = [a, a, b, a, c, b];
	const pathOf = (id: string) => `/pub/v1/bpm/instance/${id}/${change.action}`;
	const path = new RegExp(`^/pub/v1/bpm/instance/[^/]+/${change.action}$`);
	const parameters = {
		resource: 'instance',
		operation: change.operation,
		instanceId: locator('={{ $json.id }}'),
		...change.parameters,
	};
	const input = (instanceIds: string[]) => () => instanceIds.map((id, order) => ({ id, order }));
	return [
		{
			name: 'without the option: the items of different instances all in flight at once; output in input order and paired',
			operation: `instance ${change.operation}`,
			seed: running(ids),
			parameters,
			input: input(ids),
			hold: {
				method: change.method,
				path,
				times: ids.length,
				gate: ids.length,
				delay: (request) => reversed(ids.length, ids.indexOf(instanceOf(request))),
			},
			inFlight: ids.length,
			notAnsweredIn: () => ids.map(pathOf),
			sent: () => ids.map((id, order) => [change.method, pathOf(id), {}, change.body(order)]),
			output: () => ids.map((id, order) => change.output(id, order)),
		},
		{
			name: 'items of one instance never overlap and arrive in input order; other instances go beside them',
			operation: `instance ${change.operation}`,
			seed: running(ids),
			parameters,
			input: input(sameInstance),
			hold: {
				method: change.method,
				path,
				times: sameInstance.length,
				gate: 3,
				delay: (request) => reversed(3, ids.indexOf(instanceOf(request))),
				key: instanceOf,
			},
			inFlight: 3,
			sentPerKey: {
				of: (request) => request.path,
				as: (request) => request.body,
				is: () =>
					Object.fromEntries(
						[a, b, c].map((id) => [
							pathOf(id),
							sameInstance.flatMap((each, order) => (each === id ? [change.body(order)] : [])),
						]),
					),
			},
			output: () => sameInstance.map((id, order) => change.output(id, order)),
		},
	];
}

// ---------------------------------------------------------------------------------------------
// Scheme: group create and update.

function schemeCases(): Node {
	const groups = () => t.platform.collection('schemeGroups');
	const nameOf = (body: unknown) => (body as { __name: string }).__name;
	const byName = byNumberIn(6, (request) => nameOf(request.body));
	const namespace = locator('crm', 'code');
	const ids = [
		'5c000000-0000-4000-8000-000000000001',
		'5c000000-0000-4000-8000-000000000002',
		'5c000000-0000-4000-8000-000000000003',
	];
	const [a, b, c] = ids;
	const targets = [a, b, a, a, c, b];
	const edits = targets.map((id, index) => ({ id, name: `Name ${index}` }));
	const created = Array.from({ length: 6 }, (_, index) => `Name ${index}`);
	return {
		node: 'elma365Scheme',
		seed: () => {
			for (const [id, group] of groups())
				if (String(group.__name).startsWith('Name ')) groups().delete(id);
			for (const id of ids)
				groups().set(id, {
					__id: id,
					namespace,
					__name: 'Old',
					description: '',
					users: [],
					positions: [],
					subGroups: [],
				});
		},
		cases: [
			{
				name: 'Concurrency N keeps at most N in flight; created groups output in input order and paired',
				operation: 'group create',
				parameters: {
					resource: 'group',
					operation: 'create',
					namespace,
					name: '={{ $json.name }}',
					options: { concurrency: 4 },
				},
				input: () => created.map((name) => ({ name })),
				hold: {
					method: 'POST',
					path: /^\/pub\/v1\/scheme\/namespaces\/crm\/groups$/,
					times: 6,
					gate: 4,
					delay: byName,
				},
				inFlight: 4,
				sent: () =>
					created.map((name) => [
						'POST',
						'/pub/v1/scheme/namespaces/crm/groups',
						{},
						{ __name: name },
					]),
				output: () => created.map((name) => [name, name]),
				outputAs: (json) => [nameOf(json), groups().get(json.__id as string)?.__name],
			},
			{
				name: 'edits of one group never overlap and arrive in input order; other groups go beside them',
				operation: 'group update',
				parameters: {
					resource: 'group',
					operation: 'update',
					groupId: locator('={{ $json.id }}'),
					updateFields: { name: '={{ $json.name }}' },
					options: { concurrency: 5 },
				},
				input: () => edits,
				hold: {
					method: 'PUT',
					path: /^\/pub\/v1\/scheme\/groups\/[^/]+$/,
					times: 6,
					gate: 3,
					delay: byName,
					key: (request) => request.path,
				},
				inFlight: 3,
				sentPerKey: {
					of: (request) => request.path,
					as: (request) => nameOf(request.body),
					is: () => ({
						[`/pub/v1/scheme/groups/${a}`]: ['Name 0', 'Name 2', 'Name 3'],
						[`/pub/v1/scheme/groups/${b}`]: ['Name 1', 'Name 5'],
					}),
				},
				stored: {
					of: () => [a, b, c].map((id) => groups().get(id)?.__name),
					is: () => ['Name 3', 'Name 5', 'Name 4'],
				},
				output: () => edits.map(({ id, name }) => [id, name]),
				outputAs: (json) => [json.__id, nameOf(json)],
			},
		],
	};
}

// ---------------------------------------------------------------------------------------------
// Storage: Entry > Get, Set and Delete (the adaptive window by default); one key, one at a time.

function storageCases(): Node {
	const KEYS = ['a', 'b', 'c', 'd', 'e'];
	const SYSTEM = /^\/pub\/v1\/storage\/system\/[^/]+$/;
	const pathOf = (key: string) => `/pub/v1/storage/system/${key}`;
	const keyOf = (request: { path: string }) => request.path.split('/').pop()!;
	/** Key i is answered sooner the later it comes in KEYS. */
	const byKey = (request: RecordedRequest) => reversed(KEYS.length, KEYS.indexOf(keyOf(request)));
	const entry = (operation: string, extra: IDataObject = {}) => ({
		resource: 'entry',
		operation,
		scope: 'system',
		key: '={{ $json.key }}',
		...extra,
	});
	const set = entry('set', { value: '={{ $json.value }}' });
	const stored = (keys: string[]) => () =>
		keys.map((key) => storedValues(t.platform).get(`system/${key}`));
	const writes = [
		['a', '1'],
		['a', '2'],
		['b', '1'],
		['a', '3'],
		['c', '1'],
		['b', '2'],
	];
	const deletes = ['a', 'a', 'b', 'c'];
	return {
		node: 'elma365Storage',
		seed: () => {
			storedValues(t.platform).clear();
			for (const key of KEYS)
				storedValues(t.platform).set(`system/${key}`, { data: `value ${key}` });
		},
		cases: [
			{
				name: 'without the option: all five keys in flight together; each item gets its own value, in input order',
				operation: 'entry get',
				parameters: entry('get'),
				input: () => KEYS.map((key) => ({ key })),
				hold: { method: 'GET', path: SYSTEM, gate: 5, times: 5, delay: byKey },
				inFlight: 5,
				notAnsweredIn: () => KEYS.map(pathOf),
				sent: () => KEYS.map((key) => ['GET', pathOf(key), {}, undefined]),
				output: () => KEYS.map((key) => ({ key, data: `value ${key}` })),
			},
			{
				name: 'without the option: five keys in flight together; each stored, outputs in input order',
				operation: 'entry set',
				parameters: set,
				input: () => KEYS.map((key) => ({ key, value: `new ${key}` })),
				hold: { method: 'POST', path: SYSTEM, gate: 5, times: 5, delay: byKey },
				inFlight: 5,
				sent: () => KEYS.map((key) => ['POST', pathOf(key), {}, { data: `new ${key}` }]),
				stored: { of: stored(KEYS), is: () => KEYS.map((key) => ({ data: `new ${key}` })) },
				output: () => KEYS.map((key) => ({ key, data: `new ${key}` })),
			},
			{
				name: 'writes to one key never overlap and arrive in input order; other keys go beside them',
				operation: 'entry set',
				parameters: set,
				input: () => writes.map(([key, value]) => ({ key, value })),
				hold: {
					method: 'POST',
					path: SYSTEM,
					times: writes.length,
					gate: 3,
					delay: byKey,
					key: keyOf,
				},
				inFlight: 3,
				sentPerKey: {
					of: keyOf,
					as: (request) => (request.body as { data: string }).data,
					is: () => ({ a: ['1', '2', '3'], b: ['1', '2'] }),
				},
				stored: {
					of: stored(['a', 'b', 'c']),
					is: () => [{ data: '3' }, { data: '2' }, { data: '1' }],
				},
				output: () => writes.map(([key, data]) => ({ key, data })),
			},
			{
				name: 'without the option: five keys in flight together; each deleted, outputs in input order',
				operation: 'entry delete',
				parameters: entry('delete'),
				input: () => KEYS.map((key) => ({ key })),
				hold: { method: 'DELETE', path: SYSTEM, gate: 5, times: 5, delay: byKey },
				inFlight: 5,
				sent: () => KEYS.map((key) => ['DELETE', pathOf(key), {}, undefined]),
				stored: { of: () => storedValues(t.platform).size, is: () => 0 },
				output: () => KEYS.map((key) => ({ key, deleted: true })),
			},
			{
				name: 'deletes of one key never overlap and keep input order (the second finds nothing); other keys go beside them',
				operation: 'entry delete',
				parameters: entry('delete'),
				input: () => deletes.map((key) => ({ key })),
				continueOnFail: true,
				hold: {
					method: 'DELETE',
					path: SYSTEM,
					times: deletes.length,
					gate: 3,
					delay: byKey,
					key: keyOf,
				},
				inFlight: 3,
				output: () => [
					{ key: 'a', deleted: true },
					expect.objectContaining({ error: 'ELMA365 404: key "a" not found', httpCode: '404' }),
					{ key: 'b', deleted: true },
					{ key: 'c', deleted: true },
				],
			},
		],
	};
}

// ---------------------------------------------------------------------------------------------
// Task: Task > Set Percent, one task one at a time.

function taskCases(): Node {
	const instance = newId();
	const taskIds = Array.from({ length: 5 }, () => newId());
	const [a, b, c] = taskIds;
	const sameTask = [a, a, b, a, c, b];
	const pathOf = (id: string) => `/pub/v1/tasks/${id}/percent`;
	const PERCENT = /^\/pub\/v1\/tasks\/[^/]+\/percent$/;
	const taskOf = (request: { path: string }) => request.path.split('/')[4];
	/** Item `order` sets 10 percent more than the one before it. */
	const percentOf = (order: number) => 10 * (order + 1);
	const bodyOf = (order: number) => ({ percent: percentOf(order), instanceId: instance });
	const tasks = () => t.platform.collection('tasks');
	const parameters = {
		resource: 'task',
		operation: 'setPercent',
		taskId: locator('={{ $json.task }}'),
		percent: '={{ $json.percent }}',
		instanceId: instance,
	};
	const input = (ids: string[]) => () =>
		ids.map((task, order) => ({ task, percent: percentOf(order) }));
	return {
		node: 'elma365Task',
		seed: () => {
			tasks().clear();
			for (const id of taskIds)
				tasks().set(id, { __id: id, __name: 'Review', instanceId: instance, state: 'in_progress' });
		},
		cases: [
			{
				name: 'without the option: the items of different tasks all in flight at once; output in input order and paired',
				operation: 'task set percent',
				parameters,
				input: input(taskIds),
				hold: {
					method: 'POST',
					path: PERCENT,
					times: taskIds.length,
					gate: taskIds.length,
					delay: (request) => reversed(taskIds.length, taskIds.indexOf(taskOf(request))),
				},
				inFlight: taskIds.length,
				notAnsweredIn: () => taskIds.map(pathOf),
				sent: () => taskIds.map((id, order) => ['POST', pathOf(id), {}, bodyOf(order)]),
				output: () => taskIds.map((taskId, order) => ({ taskId, ...bodyOf(order) })),
			},
			{
				name: 'items of one task never overlap and arrive in input order; other tasks go beside them',
				operation: 'task set percent',
				parameters,
				input: input(sameTask),
				hold: {
					method: 'POST',
					path: PERCENT,
					times: sameTask.length,
					gate: 3,
					delay: (request) => reversed(3, taskIds.indexOf(taskOf(request))),
					key: taskOf,
				},
				inFlight: 3,
				sentPerKey: {
					of: taskOf,
					as: (request) => (request.body as { percent: number }).percent,
					is: () => ({ [a]: [10, 20, 40], [b]: [30, 60], [c]: [50] }),
				},
				// The last item of each task in the input is the percent the task keeps.
				stored: {
					of: () => [a, b, c].map((id) => tasks().get(id)!.percent),
					is: () => [40, 60, 50],
				},
				output: () => sameTask.map((taskId, order) => ({ taskId, ...bodyOf(order) })),
			},
		],
	};
}

// ---------------------------------------------------------------------------------------------
// Telephony: binding get and update (a merge reads and writes one module).

function telephonyCases(): Node {
	const modules = () => t.platform.collection('voipModules');
	const BINDINGS = /^\/pub\/v1\/integration\/[^/]+\/voip\/bindings$/;
	const CODES = ['voip_a', 'voip_b', 'voip_c', 'voip_d', 'voip_e'];
	const alice = newId();
	/** The Module picker with an expression typed as a code. */
	const moduleCode = locator('={{ $json.code }}', 'code');
	const bindingsPath = (code: string) => `/pub/v1/integration/${code}/voip/bindings`;
	const merges = ['voip_a', 'voip_a', 'voip_b', 'voip_a', 'voip_c', 'voip_b'];
	const extensions = (code: string) =>
		(modules().get(code)!.bindings as Array<{ extension: string }>).map((entry) => entry.extension);
	const mergeHold = { times: 6, delay: () => 20, key: (request: { path: string }) => request.path };
	const replaces = ['voip_a', 'voip_off', 'voip_b', 'voip_off'];
	return {
		node: 'elma365Telephony',
		seed: () => {
			modules().clear();
			for (const code of CODES)
				modules().set(code, { enabled: true, bindings: [{ extension: '100', userId: alice }] });
		},
		cases: [
			{
				name: 'Concurrency N keeps at most N in flight; output in input order and paired',
				operation: 'binding get',
				parameters: {
					resource: 'binding',
					operation: 'get',
					moduleCode,
					options: { concurrency: 3 },
				},
				input: () => CODES.map((code) => ({ code })),
				hold: {
					method: 'GET',
					path: BINDINGS,
					times: 5,
					gate: 3,
					// 40 ms apart (reversed gives 10): the three first answers stay out of input order even when a
					// loaded engine starts them tens of milliseconds apart.
					delay: (request) => 4 * reversed(5, CODES.indexOf(request.path.split('/')[4])),
				},
				inFlight: 3,
				notAnsweredIn: () => CODES.map(bindingsPath),
				sent: () => CODES.map((code) => ['GET', bindingsPath(code), {}, undefined]),
				output: () => CODES.map(() => ({ bindings: [{ extension: '100', userId: alice }] })),
			},
			{
				name: 'Mode Merge: merges into one module never interleave, so none is lost; other modules go beside them',
				operation: 'binding update',
				// Each item reads its module's mapping and writes it back with one more extension.
				parameters: {
					resource: 'binding',
					operation: 'update',
					moduleCode,
					mode: 'merge',
					bindings: {
						binding: [{ extension: '={{ $json.extension }}', userId: locator(alice) }],
					},
					options: { concurrency: 4 },
				},
				input: () => merges.map((code, index) => ({ code, extension: String(201 + index) })),
				hold: [
					{ method: 'GET', path: BINDINGS, ...mergeHold, gate: 3 },
					{ method: 'PUT', path: BINDINGS, ...mergeHold },
				],
				inFlight: 3,
				// Each module: read, write, read, write... in input order.
				sentPerKey: {
					of: (request) => request.path,
					as: (request) => [
						request.method,
						(request.body as { bindings?: unknown[] } | undefined)?.bindings?.length,
					],
					is: () => ({
						[bindingsPath('voip_a')]: [
							['GET', undefined],
							['PUT', 2],
							['GET', undefined],
							['PUT', 3],
							['GET', undefined],
							['PUT', 4],
						],
					}),
				},
				stored: {
					of: () => ['voip_a', 'voip_b', 'voip_c'].map(extensions),
					is: () => [
						['100', '201', '202', '204'],
						['100', '203', '206'],
						['100', '205'],
					],
				},
				output: () => [2, 3, 2, 4, 2, 3],
				outputAs: (json) => (json.bindings as unknown[]).length,
			},
			{
				name: 'with Continue On Fail: a refused module gives its error item in its place, the others are written',
				operation: 'binding update',
				seed: () => modules().set('voip_off', { enabled: false, bindings: [] }),
				parameters: {
					resource: 'binding',
					operation: 'update',
					moduleCode,
					mode: 'replace',
					bindingsJson: `{"300": "${alice}"}`,
					options: { concurrency: 2 },
				},
				input: () => replaces.map((code) => ({ code })),
				continueOnFail: true,
				output: () => [
					[{ extension: '300', userId: alice }],
					'ELMA365 400: module voip_off is disabled',
					[{ extension: '300', userId: alice }],
					'ELMA365 400: module voip_off is disabled',
				],
				outputAs: (json) => json.error ?? json.bindings,
				stored: {
					of: () => ['voip_a', 'voip_b'].map((code) => modules().get(code)!.bindings),
					is: () => [[{ extension: '300', userId: alice }], [{ extension: '300', userId: alice }]],
				},
			},
		],
	};
}

const nodes: Node[] = [
	appCases(),
	contractCases(),
	fileCases(),
	marketingCases(),
	nomenclatureCases(),
	processCases(),
	schemeCases(),
	storageCases(),
	taskCases(),
	telephonyCases(),
];

describe.each(nodes)('$node', ({ node, seed, cases }) => {
	beforeEach(() => seed?.());
	test.each(cases)('$operation: $name', (row) => runCase(node, row));
});

// ---------------------------------------------------------------------------------------------
// What the nodes declare: version 1, and the Options collections (with Concurrency's default) of
// the operations whose Concurrency defaults to the adaptive window.

/** The node's Options collections that `shown` picks, each `as` [shown for, [option, default]...] unless given. */
const optionDefaults: Array<{
	name: string;
	node: string;
	shown: (property: INodeProperties) => boolean;
	as?: (property: INodeProperties) => unknown;
	is: unknown[];
}> = [
	{
		name: 'Segment > Get: Options > Concurrency defaults to 100',
		node: 'elma365Marketing',
		shown: (p) => !!p.displayOptions?.show?.operation?.includes('get'),
		is: [[{ resource: ['segment'], operation: ['get'] }, [['concurrency', 100]]]],
	},
	{
		name: 'Document > Get Registrations: Options keep Additional Body (JSON); Concurrency defaults to 100',
		node: 'elma365Nomenclature',
		shown: (p) => !!p.displayOptions?.show?.operation?.includes('getRegistrations'),
		is: [
			[
				{ resource: ['document'], operation: ['getRegistrations'] },
				[
					['concurrency', 100],
					['body', '{}'],
				],
			],
		],
	},
	{
		name: 'Options > Concurrency of Get, Set and Delete defaults to 100',
		node: 'elma365Storage',
		shown: () => true,
		as: (p) => [
			p.displayOptions?.show?.operation,
			(p.options as INodeProperties[]).find((o) => o.name === 'concurrency')?.default,
		],
		is: ['get', 'set', 'delete'].map((operation) => [[operation], 100]),
	},
];

const optionsOf = (p: INodeProperties) => [
	p.displayOptions?.show,
	(p.options as INodeProperties[]).map((o) => [o.name, o.default]),
];

test.each(optionDefaults)('$node: version 1; $name', async ({ node, shown, as, is }) => {
	const loader = await loadPackage();
	const description = loader.nodeTypes[node].type.description as INodeTypeDescription;
	expect([description.version, description.defaultVersion]).toEqual([1, undefined]);
	expect(
		description.properties.filter((p) => p.name === 'options' && shown(p)).map(as ?? optionsOf),
	).toEqual(is);
});
