/**
 * A quiet local demo: n8n's log of this run (.e2e/n8n-e2e.log) has no call to n8n's servers, no
 * deprecated setting and no stack trace from the start or from what the node panel asks for.
 * The suites' own failing executions (error paths tested on purpose) are not part of the check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { state } from './helpers';

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
