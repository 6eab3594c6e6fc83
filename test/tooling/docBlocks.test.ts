/**
 * The documentation's blocks that talk to the local demo (e2e/docBlocks.ts): each one is marked to
 * run (e2e/docs.e2e.test.ts runs it in a real n8n, or the test named in RUN_HERE below) or to skip
 * with its reason; and the quota commands of docs/development.md start the sandbox under the
 * quota their comments say, with the variables exactly as the page writes them.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO, TALKS_TO_DEMO, docBlocks, runnable } from '../../e2e/docBlocks';

test('every block that talks to the demo is marked to run or to skip, with its reason', () => {
	const blocks = docBlocks();
	expect(blocks.filter((b) => b.mark && 'run' in b.mark).length).toBeGreaterThanOrEqual(4);
	const unmarked = blocks
		.filter((b) => !b.mark && TALKS_TO_DEMO.test(b.text))
		.map((b) => `${b.page}:${b.line}`);
	expect(unmarked).toEqual([]);
	for (const b of blocks)
		if (b.mark && 'skip' in b.mark)
			expect([b.page, b.mark.skip.length > 10]).toEqual([b.page, true]);
});

/** The startup line of the sandbox (`node e2e/sandbox.ts`, as npm start runs it) under `env`. */
function sandboxStartsWith(env: Record<string, string>): Promise<string> {
	const child = spawn(process.execPath, [path.join(REPO, 'e2e', 'sandbox.ts'), '--port', '0'], {
		cwd: REPO,
		env: { PATH: process.env.PATH ?? '', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	return new Promise((resolve, reject) => {
		let out = '';
		const take = (chunk: Buffer) => {
			out += chunk.toString();
			const quota = /^Quota: .*$/m.exec(out);
			if (quota || /^ELMA365 sandbox on .*\n(?!Quota)[\s\S]*\n/.test(out)) {
				child.kill();
				resolve(quota?.[0] ?? '');
			}
		};
		child.stdout.on('data', take);
		child.stderr.on('data', take);
		child.on('exit', () => resolve(/^Quota: .*$/m.exec(out)?.[0] ?? out));
		child.on('error', reject);
	});
}

test('the quota commands start the sandbox under the quota their comments name', async () => {
	const block = runnable().get('sandbox-quota')!;
	// One command per line once the shell's continuations are joined: `VAR=value ... npm start  # what`.
	const commands = block.text
		.replace(/\\\n\s*/g, ' ')
		.split('\n')
		.filter(Boolean);
	expect(commands).toHaveLength(2);
	for (const command of commands) {
		const [, assignments, comment] = /^((?:\w+=\S+\s+)+)npm start\s+#\s*(.+)$/.exec(command)!;
		const env = Object.fromEntries(
			assignments
				.trim()
				.split(/\s+/)
				.map((pair) => pair.split('=') as [string, string]),
		);
		const [, perWindow, every, retry] = /^(\d+) (a minute|per \d+ s), 429 (without|with)\b/.exec(
			comment,
		)!;
		const windowMs = every === 'a minute' ? 60000 : Number(/\d+/.exec(every)![0]) * 1000;
		expect(await sandboxStartsWith(env)).toBe(
			`Quota: ${perWindow} requests per ${windowMs} ms, 429 ${retry} Retry-After`,
		);
	}
});
