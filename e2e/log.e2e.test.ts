/**
 * A quiet local demo that behaves like a real install: n8n's log of this run (.e2e/n8n-e2e.log)
 * has no call to n8n's servers, no deprecated setting and no stack trace from the start, from what
 * the node panel asks for or from a node's error; the installed package loads n8n's own
 * n8n-workflow, so n8n knows the package's errors as its own. The suites' other failing executions
 * (error paths tested on purpose) are not part of the check.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { locator, PACKAGE, runThroughN8n, state } from './helpers';

const N8N_LOG = path.resolve(__dirname, '..', '.e2e', 'n8n-e2e.log');
/** A call that left the machine: a name lookup or a fetch from one of n8n's servers. */
const OUTBOUND = /ENOTFOUND|EAI_AGAIN|getaddrinfo|Error fetching from|Failed to fetch/;
const STACK_FRAME = /^\s+at /;
/**
 * The notices no setting silences on n8n 2.41.1: the internal task runner (an external one needs
 * n8n's separate launcher) and, outside a container, running n8n outside a container.
 */
const UNAVOIDABLE = [/^ - N8N_RUNNERS_MODE -> /, /^ - Running n8n outside a container/];

const readLog = () => (fs.existsSync(N8N_LOG) ? fs.readFileSync(N8N_LOG, 'utf8') : '');

/** The deprecation notices of n8n's start: the ` - NAME -> advice` lines under its header. */
function deprecations(log: string): string[] {
	const lines = log.split('\n');
	const header = lines.findIndex((line) => /There (is a deprecation|are deprecations)/.test(line));
	if (header < 0) return [];
	const listed: string[] = [];
	for (const line of lines.slice(header + 1)) {
		if (!line.startsWith(' - ')) break;
		listed.push(line);
	}
	return listed;
}

test('n8n starts without a deprecated setting and without a stack trace', () => {
	const log = readLog();
	const start = log.slice(0, Math.max(0, log.indexOf('Editor is now accessible')));
	expect(start).not.toBe('');
	const notices = deprecations(log).filter(
		(line) => !UNAVOIDABLE.some((allowed) => allowed.test(line)),
	);
	expect(notices).toEqual([]);
	expect(start.split('\n').filter((line) => STACK_FRAME.test(line))).toEqual([]);
});

test("the node panel's lists make no outbound call and log no stack trace", async () => {
	const before = readLog().length;
	// What the editor asks for when the node panel opens: the verified community nodes.
	const response = await fetch(`${state.n8nUrl}/rest/community-node-types`, {
		headers: { cookie: state.cookie },
	});
	expect(response.status).toBe(200);
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const added = readLog().slice(before).split('\n');
	expect(added.filter((line) => OUTBOUND.test(line) || STACK_FRAME.test(line))).toEqual([]);
});

test('no line of the whole log shows an outbound call', () => {
	expect(
		readLog()
			.split('\n')
			.filter((line) => OUTBOUND.test(line)),
	).toEqual([]);
});

test("the installed package finds no n8n-workflow of this repository's: n8n gives it its own", () => {
	const repository = path.resolve(__dirname, '..');
	const installed = path.join(state.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE);
	expect(fs.existsSync(path.join(installed, 'package.json'))).toBe(true);
	expect(installed.startsWith(repository + path.sep)).toBe(false);
	// What Node finds walking up from the package's code, before the NODE_PATH n8n sets to its own
	// modules: nothing (as in ~/.n8n/nodes), never the repository's development copy.
	const { NODE_PATH: _nodePath, ...env } = process.env;
	const found = execFileSync(
		process.execPath,
		['-e', "try { console.log(require.resolve('n8n-workflow')) } catch { console.log('') }"],
		{ cwd: path.join(installed, 'dist', 'nodes', 'shared'), env, encoding: 'utf8' },
	).trim();
	expect(found.startsWith(repository + path.sep)).toBe(false);
});

test("a node's error is the workflow's outcome, not a stack trace in n8n's log", async () => {
	const before = readLog().length;
	const { status, requests } = await runThroughN8n('e2e-log-node-error', 'elma365Process', {
		resource: 'instance',
		operation: 'get',
		instanceId: locator(randomUUID()),
	});
	// The sandbox has no such instance: the platform's 404 fails the node and so the execution.
	expect(requests.map((request) => request.method + ' ' + request.path)).toEqual([
		expect.stringMatching(/^POST \/pub\/v1\/bpm\/instance\/[0-9a-f-]{36}\/get$/),
	]);
	expect(status).toBe(500);
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const added = readLog().slice(before).split('\n');
	expect(added.filter((line) => STACK_FRAME.test(line))).toEqual([]);
});
