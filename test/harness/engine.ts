/**
 * Runs workflows of this package's nodes through n8n-core's real execution engine, in-process.
 * The nodes are the compiled ones in dist/, loaded the way n8n loads a community package.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Container } from '@n8n/di';
import {
	ErrorReporter,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PackageDirectoryLoader,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeListSearchResult,
	INodePropertyOptions,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
} from 'n8n-workflow';
import { createRunExecutionData, ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';
import { useDeduplicationStore } from './deduplication.ts';
import type { RecordedRequest } from './platform.ts';
import { wireLog } from './platform.ts';

export const PACKAGE_DIR = path.resolve(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-elma365';

let loaderPromise: Promise<PackageDirectoryLoader> | undefined;

/** The package as n8n sees it: dist/ loaded through the `n8n` section of package.json. */
export function loadPackage(): Promise<PackageDirectoryLoader> {
	loaderPromise ??= (async () => {
		const loader = new PackageDirectoryLoader(PACKAGE_DIR);
		await loader.loadAll();
		return loader;
	})();
	return loaderPromise;
}

class PackageNodeTypes implements INodeTypes {
	constructor(private readonly loader: PackageDirectoryLoader) {}

	private find(type: string): INodeType | IVersionedNodeType {
		const name = type.startsWith(`${PACKAGE_NAME}.`) ? type.slice(PACKAGE_NAME.length + 1) : type;
		const data = this.loader.nodeTypes[name];
		if (!data) throw new Error(`Unknown node type ${type}`);
		return data.type;
	}

	getByName(type: string) {
		return this.find(type);
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.find(type), version);
	}

	getKnownTypes() {
		return {};
	}
}

/**
 * Credentials as n8n's CredentialsHelper gives them to nodes, including the resolution of a
 * generic `authenticate` block's expressions (`={{$credentials.apiKey}}`) against the stored data.
 */
class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly loader: PackageDirectoryLoader,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	private type(name: string): ICredentialType {
		const found = this.loader.credentialTypes[name];
		if (!found) throw new Error(`Unknown credential type ${name}`);
		return found.type;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = this.type(typeName).authenticate;
		if (typeof authenticate === 'function') return authenticate(credentials, requestOptions);
		if (!authenticate || authenticate.type !== 'generic') return requestOptions;
		const resolve = (value: string) => {
			if (!workflow || !node)
				throw new Error('authenticate needs the workflow to resolve expressions');
			return workflow.expression.getParameterValue(
				value,
				null,
				0,
				0,
				node.name,
				[],
				'internal',
				{ $credentials: credentials },
				undefined,
				false,
				credentials,
			) as string;
		};
		const options = { ...requestOptions } as IHttpRequestOptions & Record<string, unknown>;
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const resolved: IDataObject = { ...((options[target] as IDataObject) ?? {}) };
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				resolved[resolve(key)] = resolve(value);
			}
			options[target] = resolved;
		}
		return options;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	) {
		return credentials;
	}

	async runPreAuthentication(
		_helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	) {
		return credentials;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the engine in these tests');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const found = this.data[nodeCredentials.id ?? ''] ?? this.data[type];
		if (!found) throw new Error(`No test credential for ${type}`);
		return found;
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}
}

export interface Credential {
	baseUrl: string;
	apiKey: string;
}

export interface RunOptions {
	/** The node's short name, e.g. `elma365Nomenclature`. */
	nodeType: string;
	/** The node's parameters as a saved workflow holds them (JSON): the node checks them, not the type system. */
	parameters: INodeParameters | Record<string, unknown>;
	credential: Credential;
	/** Input items of the node (their JSON as a workflow would carry it); defaults to one empty item. */
	input?: INodeExecutionData[] | Array<{ json: Record<string, unknown> }>;
	continueOnFail?: boolean;
	typeVersion?: number;
	timezone?: string;
}

export interface RunResult {
	/** Output items of the node's first output (empty when it failed). */
	items: INodeExecutionData[];
	/** The error n8n recorded for the node, if it failed. */
	error?: Error & IDataObject;
	run: IRun;
}

const NODE_NAME = 'ELMA365';

export async function prepare(options: RunOptions) {
	await useDeduplicationStore();
	const loader = await loadPackage();
	const nodeTypes = new PackageNodeTypes(loader);
	const node: INode = {
		id: 'c0ffee00-0000-4000-8000-000000000001',
		name: NODE_NAME,
		type: `${PACKAGE_NAME}.${options.nodeType}`,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters as INodeParameters,
		credentials: { elma365Api: { id: 'cred-1', name: 'ELMA365 test' } },
		onError: options.continueOnFail ? 'continueRegularOutput' : 'stopWorkflow',
	};
	const workflow = new Workflow({
		id: 'wf-test',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: { timezone: options.timezone ?? 'UTC' },
	});

	const credentialsHelper = new TestCredentialsHelper(loader, {
		'cred-1': options.credential as unknown as ICredentialDataDecryptedObject,
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'exec-1', {
		id: 'wf-test',
		name: 'test',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as never);
	const additionalData = {
		credentialsHelper,
		hooks,
		executeWorkflow: async () => {
			throw new Error('not supported in tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not supported in tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
	return { node, workflow, additionalData };
}

/**
 * n8n's engine hands every node error to its ErrorReporter, which logs it (and its causes) on the
 * console. A node's failure is an outcome the tests assert through `RunResult.error`, so while a
 * run is in flight the reports are collected; the report of the run's own error is dropped, and
 * anything else is still logged as n8n would.
 */
const collectors = new Set<Error[]>();
let reporterPatched = false;

function collectReports(): Error[] {
	if (!reporterPatched) {
		const reporter = Container.get(ErrorReporter) as unknown as {
			report: (error: Error, options?: unknown) => void;
		};
		const log = reporter.report.bind(reporter);
		reporter.report = (error, reportOptions) => {
			if (collectors.size === 0) return log(error, reportOptions);
			for (const collected of collectors) collected.push(error);
		};
		reporterPatched = true;
	}
	const collected: Error[] = [];
	collectors.add(collected);
	return collected;
}

function releaseReports(collected: Error[], outcome: Error | undefined): void {
	collectors.delete(collected);
	const own = (report: Error) =>
		outcome !== undefined &&
		(report === outcome || report === outcome.cause || report.message === outcome.message);
	const unexpected = collected.filter((report) => !own(report));
	if (unexpected.length > 0) {
		const reporter = Container.get(ErrorReporter);
		for (const report of unexpected) reporter.error(report);
	}
}

export async function runNode(options: RunOptions): Promise<RunResult> {
	return await wireDump('run', options, () => executeNode(options));
}

async function executeNode(options: RunOptions): Promise<RunResult> {
	const { node, workflow, additionalData } = await prepare(options);
	const input = (options.input ?? [{ json: {} }]) as INodeExecutionData[];
	const stack: IExecuteData[] = [{ node, data: { main: [input] }, source: null }];
	const runData = createRunExecutionData({ executionData: { nodeExecutionStack: stack } });
	const execution = new WorkflowExecute(additionalData, 'manual', runData);
	const reports = collectReports();
	let run: IRun;
	try {
		run = await execution.processRunExecutionData(workflow);
	} catch (error) {
		releaseReports(reports, error as Error);
		// n8n refuses to start a workflow whose parameters fail the node's own checks (required, regex).
		return { items: [], error: error as Error & IDataObject, run: undefined as unknown as IRun };
	}
	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	const items = task?.data?.main?.[0] ?? [];
	const error = (task?.error ?? run.data.resultData.error) as (Error & IDataObject) | undefined;
	releaseReports(reports, error);
	return { items, error, run };
}

/**
 * The wire dump, opt-in: with ELMA_WIRE_DUMP=<dir>, every run (runNode; pollNode's polls as kind
 * `poll`) appends one JSON line to <dir>/<test file, / as __>.jsonl (one file per test file, so
 * parallel workers never share one): the test, the run's number within it, the node, parameters
 * and input JSON, the requests the double received during the run (method, path, query, body,
 * content type) and the output items (json, binary metadata, pairing) or error. Runs in flight
 * together (Promise.all in one test) each get every request of the overlap. Two
 * versions of the code are then compared run by run with scripts/wire-dump-compare.mjs, which also
 * normalises what differs between runs (ids, times, the double's port). The triggers' and the
 * hostile suite's random cases run from fixed seeds (TRIGGER_SEED and FC_SEED change them). Without
 * the variable it keeps and writes nothing.
 */
const WIRE_DUMP = process.env.ELMA_WIRE_DUMP;
let wireRunsInFlight = 0;
const wireSequence = new Map<string, number>();

/** A request as the dump keeps it; a body that is not JSON as its bytes' sha256 and length. */
function wireRequest(request: RecordedRequest): Record<string, unknown> {
	const type = request.headers['content-type'];
	// A multipart body's boundary is random: the dump keeps it as <boundary>.
	const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type ?? '');
	const unbound = (text: string) =>
		boundary ? text.split(boundary[1] ?? boundary[2]).join('<boundary>') : text;
	let body: unknown;
	if (request.raw.length > 0) {
		try {
			body = JSON.parse(request.raw.toString('utf8'));
		} catch {
			const bytes = Buffer.from(unbound(request.raw.toString('latin1')), 'latin1');
			const sha256 = createHash('sha256').update(bytes).digest('hex');
			body = { sha256, length: request.raw.length };
		}
	}
	const { method, path: requestPath, query } = request;
	return { method, path: requestPath, query, body, contentType: type && unbound(type) };
}

function wireItem(item: INodeExecutionData): Record<string, unknown> {
	const binary =
		item.binary &&
		Object.fromEntries(
			Object.entries(item.binary).map(([name, { mimeType, fileName, fileSize }]) => [
				name,
				{ mimeType, fileName, fileSize },
			]),
		);
	return { json: item.json, binary, pairedItem: item.pairedItem };
}

export async function wireDump<
	T extends { items: INodeExecutionData[]; error?: Error & IDataObject; emitted?: boolean },
>(kind: 'run' | 'poll', options: RunOptions, execute: () => Promise<T>): Promise<T> {
	if (!WIRE_DUMP) return await execute();
	const state = typeof expect === 'undefined' ? undefined : expect.getState();
	const file = path.relative(PACKAGE_DIR, state?.testPath ?? 'unknown');
	const test = state?.currentTestName ?? '';
	const seq = (wireSequence.get(test) ?? 0) + 1;
	wireSequence.set(test, seq);
	if (wireRunsInFlight === 0) wireLog.length = 0;
	wireRunsInFlight += 1;
	const start = wireLog.length;
	let result: T | undefined;
	let thrown: unknown;
	try {
		result = await execute();
		return result;
	} catch (error) {
		thrown = error;
		throw error;
	} finally {
		wireRunsInFlight -= 1;
		const requests = wireLog.slice(start).map(wireRequest);
		if (wireRunsInFlight === 0) wireLog.length = 0;
		const error = (result?.error ?? thrown) as (Error & IDataObject) | undefined;
		const line: Record<string, unknown> = {
			file,
			test,
			seq,
			kind,
			nodeType: options.nodeType,
			typeVersion: options.typeVersion,
			parameters: options.parameters,
			input: options.input?.map((item) => item.json),
			requests,
			items: result?.items.map(wireItem),
			emitted: result?.emitted,
			error: error && {
				message: error.message,
				description: error.description,
				httpCode: error.httpCode,
				thrown: thrown === undefined ? undefined : true,
			},
		};
		let text: string;
		try {
			text = JSON.stringify(line);
		} catch (problem) {
			text = JSON.stringify({ file, test, seq, kind, unserialisable: String(problem) });
		}
		mkdirSync(WIRE_DUMP, { recursive: true });
		appendFileSync(path.join(WIRE_DUMP, `${file.replace(/[\\/]/g, '__')}.jsonl`), `${text}\n`);
	}
}

/** Calls a node's listSearch method (what a resource locator's list shows) the way the editor does. */
export async function searchList(
	options: RunOptions & { method: string; filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const { node, workflow, additionalData } = await prepare(options);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const method = nodeType.methods?.listSearch?.[options.method];
	if (!method) throw new Error(`No listSearch method ${options.method}`);
	const context = new LoadOptionsContext(workflow, node, additionalData, '');
	return await method.call(context, options.filter, options.paginationToken);
}

/** Calls a node's loadOptions method (what an options dropdown shows) the way the editor does. */
export async function loadOptions(
	options: RunOptions & { method: string },
): Promise<INodePropertyOptions[]> {
	const { node, workflow, additionalData } = await prepare(options);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const method = nodeType.methods?.loadOptions?.[options.method];
	if (!method) throw new Error(`No loadOptions method ${options.method}`);
	return await method.call(new LoadOptionsContext(workflow, node, additionalData, ''));
}

/** Calls a node's resourceMapping method (the fields a resource mapper shows) the way the editor does. */
export async function resourceMapperFields(
	options: RunOptions & { method: string },
): Promise<ResourceMapperFields> {
	const { node, workflow, additionalData } = await prepare(options);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const method = nodeType.methods?.resourceMapping?.[options.method];
	if (!method) throw new Error(`No resourceMapping method ${options.method}`);
	return await method.call(new LoadOptionsContext(workflow, node, additionalData, ''));
}
