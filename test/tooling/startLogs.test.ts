import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const startScript = path.join(root, 'scripts', 'start.mjs');

/** Runs `body` in a Node module that has imported scripts/start.mjs as `start`; returns its stdout. */
function withStart(body: string): string {
	const source = `const start = await import(${JSON.stringify(startScript)});\n${body}`;
	return execFileSync(process.execPath, ['--input-type=module', '-e', source], {
		cwd: root,
		encoding: 'utf8',
	});
}

/**
 * What `n8n-node build` prints: the spinner of @clack/prompts (the copy @n8n/node-cli loads),
 * written to stdout, which the package's prepack sends to stderr (`npm run build 1>&2`).
 */
const spinnerScript = `
const { intro, spinner, outro } = require(${JSON.stringify(require.resolve('@clack/prompts', { paths: [path.join(root, 'node_modules', '@n8n', 'node-cli')] }))});
intro('n8n-node build');
const s = spinner();
s.start('Building TypeScript files');
setTimeout(() => { s.stop('TypeScript build successful'); outro('Build successful'); }, 400);
`;
const spinnerCommand = [
	'bash',
	['-c', `${JSON.stringify(process.execPath)} -e "$0" 1>&2`, spinnerScript],
];

const ESC = '\x1b';

describe('npm start keeps the previous n8n log', () => {
	let dir: string;
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-logs-'));
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	test('a start moves the last log to <log>.1 and writes a new one', () => {
		const log = path.join(dir, 'n8n.log');
		withStart(`
import('node:fs').then((fs) => {
	for (const run of ['first start', 'second start', 'third start']) {
		const fd = start.openLog(${JSON.stringify(log)});
		fs.writeSync(fd, run + '\\n');
		fs.closeSync(fd);
	}
});`);
		expect(fs.readFileSync(log, 'utf8')).toBe('third start\n');
		expect(fs.readFileSync(`${log}.1`, 'utf8')).toBe('second start\n');
		expect(fs.readdirSync(dir).sort()).toEqual(['n8n.log', 'n8n.log.1']);
	});

	test('the first start, with no log yet, leaves no <log>.1', () => {
		const log = path.join(dir, 'n8n.log');
		withStart(`start.openLog(${JSON.stringify(log)});`);
		expect(fs.readdirSync(dir)).toEqual(['n8n.log']);
	});
});

describe("the build's output in a piped log", () => {
	test('the spinner of n8n-node build writes escape codes when nothing filters them', () => {
		const [command, args] = spinnerCommand as [string, string[]];
		const raw = spawnSync(command, args, {
			encoding: 'utf8',
			env: { ...process.env, CI: 'true' },
		});
		expect(raw.stdout).toBe('');
		expect(raw.stderr).toContain('Building TypeScript files');
		expect(raw.stderr).toContain(ESC);
	});

	test('piped, npm start writes its steps one per line and no escape code', () => {
		const [command, args] = spinnerCommand as [string, string[]];
		const output = JSON.parse(
			withStart(`
let written = '';
const stderr = { isTTY: false, write: (text) => { written += text; } };
const stdout = start.runShowingStderr(${JSON.stringify(command)}, ${JSON.stringify(args)}, stderr);
console.log(JSON.stringify({ stdout, written }));`),
		) as { stdout: string; written: string };
		expect(output.stdout).toBe('');
		expect(output.written).not.toContain(ESC);
		const lines = output.written.split('\n').map((line) => line.trim());
		expect(lines).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/n8n-node build$/),
				expect.stringMatching(/Building TypeScript files\.\.\.$/),
				expect.stringMatching(/TypeScript build successful$/),
				expect.stringMatching(/Build successful$/),
			]),
		);
		expect(lines.filter((line) => line.includes('Building TypeScript files'))).toHaveLength(1);
	});

	test('a failing command fails npm start, its output still shown', () => {
		const output = withStart(`
let written = '';
const stderr = { isTTY: false, write: (text) => { written += text; } };
try {
	start.runShowingStderr('bash', ['-c', 'printf "\\\\033[31mtsc failed\\\\033[0m\\\\n" >&2; exit 2'], stderr);
	console.log('no error');
} catch (error) {
	console.log(JSON.stringify({ message: error.message, written }));
}`);
		expect(JSON.parse(output)).toEqual({
			message: expect.stringContaining('exited with 2'),
			written: 'tsc failed\n',
		});
	});
});
