/**
 * Runs one node in n8n-core's WorkflowExecute, in-process, the way test/harness/engine.ts does, but
 * also able to run n8n's own HTTP Request node (n8n-nodes-base) for the comparison.
 * Plain JavaScript so that `node` runs it without a build step.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const {
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PackageDirectoryLoader,
	WorkflowExecute,
} = require('n8n-core');
const {
	createRunExecutionData,
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
} = require('n8n-workflow');

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PACKAGE_NAME = 'n8n-nodes-elma365';
const NODE_NAME = 'Node';

/** Loads the package's dist/ through its `n8n` section (what n8n does for a community package). */
export async function loadPackage() {
	const loader = new PackageDirectoryLoader(PACKAGE_DIR);
	await loader.loadAll();
	return loader;
}

/** n8n's HTTP Request node, when n8n-nodes-base is installed; undefined otherwise. */
export function loadHttpRequestNode() {
	try {
		const { HttpRequest } = require('n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js');
		return new HttpRequest();
	} catch {
		return undefined;
	}
}

class NodeTypes {
	constructor(loader, httpRequest) {
		this.loader = loader;
		this.httpRequest = httpRequest;
	}

	find(type) {
		if (type === 'n8n-nodes-base.httpRequest' && this.httpRequest) return this.httpRequest;
		const name = type.startsWith(`${PACKAGE_NAME}.`) ? type.slice(PACKAGE_NAME.length + 1) : type;
		const data = this.loader.nodeTypes[name];
		if (!data) throw new Error(`Unknown node type ${type}`);
		return data.type;
	}

	getByName(type) {
		return this.find(type);
	}

	getByNameAndVersion(type, version) {
		return NodeHelpers.getVersionedNodeType(this.find(type), version);
	}

	getKnownTypes() {
		return {};
	}
}

/** Resolves a generic `authenticate` block (`=Bearer {{$credentials.apiKey}}`) against the stored data. */
class CredentialsHelper extends ICredentialsHelper {
	constructor(loader, data) {
		super();
		this.loader = loader;
		this.data = data;
	}

	getParentTypes() {
		return [];
	}

	isCredentialUsableByNode() {
		return true;
	}

	async authenticate(credentials, typeName, requestOptions) {
		const authenticate = this.loader.credentialTypes[typeName]?.type.authenticate;
		if (!authenticate || authenticate.type !== 'generic') return requestOptions;
		const resolve = (value) =>
			String(value)
				.replace(/^=/, '')
				.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_m, key) =>
					String(credentials[key] ?? ''),
				);
		const options = { ...requestOptions };
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const resolved = { ...(options[target] ?? {}) };
			for (const [key, value] of Object.entries(entries)) resolved[resolve(key)] = resolve(value);
			options[target] = resolved;
		}
		return options;
	}

	async preAuthentication(_helpers, credentials) {
		return credentials;
	}

	async runPreAuthentication(_helpers, credentials) {
		return credentials;
	}

	async getCredentials() {
		throw new Error('not used');
	}

	async getDecrypted(_additionalData, _nodeCredentials, type) {
		const found = this.data[type];
		if (!found) throw new Error(`No credential for ${type}`);
		return found;
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type) {
		return this.loader.credentialTypes[type].type.properties;
	}
}

/** The node, its one-node workflow and the additional data n8n's engine needs to run it or call its methods. */
function prepare({ loader, httpRequest, type, typeVersion = 1, parameters, credential, onError }) {
	const node = {
		id: 'c0ffee00-0000-4000-8000-000000000001',
		name: NODE_NAME,
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: credential ? { elma365Api: { id: 'cred-1', name: 'ELMA365' } } : undefined,
		// 'continueRegularOutput' (Continue On Fail): failed items become error items to count.
		...(onError ? { onError } : {}),
	};
	const workflow = new Workflow({
		id: 'wf-bench',
		name: 'bench',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes(loader, httpRequest),
		settings: { timezone: 'UTC' },
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'exec-1', {
		id: 'wf-bench',
		name: 'bench',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	});
	const base = 'http://127.0.0.1:5678';
	const additionalData = {
		credentialsHelper: new CredentialsHelper(loader, credential ? { elma365Api: credential } : {}),
		hooks,
		executeWorkflow: async () => {
			throw new Error('not supported');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not supported');
		},
	};
	return { node, workflow, additionalData };
}

/**
 * Runs `type` (e.g. `n8n-nodes-elma365.elma365Nomenclature` or `n8n-nodes-base.httpRequest`) once over
 * `input` and returns its first output's items (throws when the node failed; with `onError`
 * 'continueRegularOutput' the failed items are error items instead).
 */
export async function runNode(options) {
	const { input } = options;
	const { node, workflow, additionalData } = prepare(options);
	const stack = [{ node, data: { main: [input] }, source: null }];
	const runData = createRunExecutionData({ executionData: { nodeExecutionStack: stack } });
	const run = await new WorkflowExecute(additionalData, 'manual', runData).processRunExecutionData(
		workflow,
	);
	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	const error = task?.error ?? run.data.resultData.error;
	if (error) throw error;
	return task?.data?.main?.[0] ?? [];
}

/**
 * Calls a picker of `type` (its listSearch method `method`) the way the editor does when the list is
 * opened (with the search text `filter`, if any), and returns what the picker shows.
 */
export async function searchNode(options) {
	const { node, workflow, additionalData } = prepare(options);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const method = nodeType.methods?.listSearch?.[options.method];
	if (!method) throw new Error(`No listSearch method ${options.method}`);
	const context = new LoadOptionsContext(workflow, node, additionalData, '');
	return await method.call(context, options.filter, options.paginationToken);
}
