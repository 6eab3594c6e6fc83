/**
 * The release check (scripts/verify.mjs) passes on the real tarball and fails on one planted
 * violation of each kind. The package is packed and unpacked once; every case copies it into its
 * own temp dir, plants one violation and runs the checker on the copy as a child process.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');
const VERIFY = path.join(REPO, 'scripts', 'verify.mjs');
const NODE = 'dist/nodes/Elma365Nomenclature/Elma365Nomenclature.node.js';
const CODEX = 'dist/nodes/Elma365Nomenclature/Elma365Nomenclature.node.json';

let basePromise: Promise<string> | undefined;
/** A case's time includes its wait for a checker (`slot`): 21 cases share two. */
const TEST_TIMEOUT_MS = 600_000;

/**
 * The packed and unpacked package, with the committed sources beside it. Made once, on first use:
 * concurrent tests may start before beforeAll hooks run, so every test awaits this instead.
 */
function packed(): Promise<string> {
	basePromise ??= (async () => {
		const base = fs.mkdtempSync(path.join(os.tmpdir(), 'elma365-verify-test-'));
		const out = execFileSync(
			'npm',
			['pack', '--json', '--ignore-scripts', '--pack-destination', base],
			{ cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
		);
		const [{ filename }] = JSON.parse(out.slice(out.indexOf('[')));
		execFileSync('tar', ['-xzf', path.join(base, path.basename(filename)), '-C', base]);
		// The committed sources (not the working tree, where others may be mid-edit), as the release's provenance points at.
		fs.mkdirSync(path.join(base, 'source'));
		execFileSync('sh', ['-c', `git archive HEAD | tar -x -C "${path.join(base, 'source')}"`], {
			cwd: REPO,
		});
		return base;
	})();
	return basePromise;
}

afterAll(async () => {
	if (basePromise) fs.rmSync(await basePromise, { recursive: true, force: true });
});

// At most two checkers at a time: the machine's cores are shared.
let running = 0;
const waiting: Array<() => void> = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
	if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
	running++;
	try {
		return await work();
	} finally {
		running--;
		waiting.shift()?.();
	}
}

interface Run {
	status: number | null;
	output: string;
	failed: string[];
}

/** Runs the checker as a child process (asynchronously, so that cases can run side by side). */
function verify(args: string[]): Promise<Run> {
	return slot(
		() =>
			new Promise((resolve) => {
				execFile(
					process.execPath,
					[VERIFY, ...args],
					{ encoding: 'utf8', timeout: 120_000 },
					(error, stdout, stderr) => {
						const output = `${stdout}${stderr}`;
						const failed = [...output.matchAll(/^FAIL (\S+):/gm)].map((m) => m[1]);
						const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
						resolve({ status, output, failed });
					},
				);
			}),
	);
}

/** A fresh copy of the unpacked package (and, with `withSource`, of the sources), changed by `plant`. */
async function planted(
	plant: (dir: { pkg: string; src: string }) => void,
	withSource = false,
): Promise<Run> {
	const base = await packed();
	const dir = fs.mkdtempSync(path.join(base, 'case-'));
	const pkg = path.join(dir, 'package');
	const src = path.join(dir, 'source');
	fs.cpSync(path.join(base, 'package'), pkg, { recursive: true });
	if (withSource) fs.cpSync(path.join(base, 'source'), src, { recursive: true });
	plant({ pkg, src });
	return verify(['--package-dir', pkg, ...(withSource ? ['--source-dir', src] : [])]);
}

const edit = (file: string, change: (text: string) => string) =>
	fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
const editJson = (file: string, change: (json: Record<string, unknown>) => void) =>
	edit(file, (text) => {
		const json = JSON.parse(text);
		change(json);
		return JSON.stringify(json, null, 2);
	});
const append = (file: string, code: string) => edit(file, (text) => `${text}\n${code}\n`);

// The release check itself (what `npm run verify` runs), and the baseline of every planted case:
// each case starts from a copy of the same tarball, packed the same way, and the same sources.
test.concurrent(
	'passes on the real tarball packed from this repository and the committed sources',
	async () => {
		const run = await verify([]);
		expect(run.output).toMatch(
			/^Verifying n8n-nodes-elma365@\d+\.\d+\.\d+ \(n8n-nodes-elma365-[\d.]+\.tgz, \d+ files\)$/m,
		);
		expect(run.output).not.toMatch(/^FAIL /m);
		expect(run.output).toMatch(/^verify: 10 checks passed, 0 failed$/m);
		expect(run.status).toBe(0);
	},
	TEST_TIMEOUT_MS,
);

// Each case: what is planted, the check that reports it, the planting, what the report says, whether
// the sources are checked too, and the other checks the same violation fails (n8n's scanner sees
// some of the package's rules as well). One concurrent group with the release check above (jest
// runs a block's concurrent tests together; `slot` keeps two checkers at a time).
test.concurrent.each<
	[string, string, (dir: { pkg: string; src: string }) => void, RegExp, boolean?, string[]?]
>([
	[
		'a source violation hidden behind an inline eslint-disable',
		'scan-source',
		({ src }) =>
			append(
				path.join(src, 'nodes/shared/validation/index.ts'),
				'// eslint-disable-next-line\nexport const home = process.env.HOME;',
			),
		/nodes\/shared\/validation\/index\.ts\n\s+\d+:\d+\s+error\s+Use of restricted global 'process'/,
		true,
	],
	[
		'a shipped console call hidden behind an inline eslint-disable',
		'scan-tarball',
		({ pkg }) => append(path.join(pkg, NODE), '/* eslint-disable */\nconsole.log("loaded");'),
		/Elma365Nomenclature\.node\.js\n\s+\d+:\d+\s+error\s+Unexpected console statement\s+no-console/,
	],
	[
		"an eslint.config.mjs changed from n8n's default (strict mode)",
		'cli-lint',
		({ src }) =>
			fs.writeFileSync(
				path.join(src, 'eslint.config.mjs'),
				"import { config } from '@n8n/node-cli/eslint';\n\nexport default [...config, { ignores: ['nodes/**'] }];\n",
			),
		/Strict mode violation/,
		true,
	],
	[
		'a "main" that names no shipped file',
		'package-fields',
		({ pkg }) => editJson(path.join(pkg, 'package.json'), (json) => (json.main = 'index.js')),
		/"main" names index\.js, which is not in the tarball/,
	],
	[
		'a repository that is not on GitHub (npm provenance)',
		'package-fields',
		({ pkg }) =>
			editJson(
				path.join(pkg, 'package.json'),
				(json) => (json.repository = { type: 'git', url: 'https://example.com/elma365.git' }),
			),
		/"repository" "https:\/\/example\.com\/elma365\.git" is not a git\+https:\/\/github\.com/,
	],
	[
		'a runtime dependency',
		'dependencies',
		({ pkg }) =>
			editJson(path.join(pkg, 'package.json'), (json) => (json.dependencies = { axios: '1.13.2' })),
		/"dependencies" lists \{"axios":"1\.13\.2"\}/,
		undefined,
		// n8n's scanner finds it too.
		['scan-tarball'],
	],
	[
		'an install script',
		'dependencies',
		({ pkg }) =>
			editJson(
				path.join(pkg, 'package.json'),
				(json) => (json.scripts = { postinstall: 'node setup.js' }),
			),
		/install-time "postinstall" script/,
		undefined,
		// n8n's scanner finds it too.
		['scan-tarball'],
	],
	[
		'file-system access in shipped code',
		'runtime-access',
		({ pkg }) =>
			append(
				path.join(pkg, NODE),
				'const fs = require("node:fs"); exports.read = () => fs.readFileSync("/etc/passwd");',
			),
		/Runtime code loads 'node:fs'/,
		undefined,
		// n8n's scanner finds it too.
		['scan-tarball'],
	],
	[
		'environment access in shipped code',
		'runtime-access',
		({ pkg }) =>
			append(
				path.join(pkg, 'dist/nodes/shared/transport/index.js'),
				'exports.home = globalThis.process.env.HOME;',
			),
		/transport\/index\.js:\d+:\d+ Runtime code uses the global 'globalThis'/,
		undefined,
		// n8n's scanner finds it too.
		['scan-tarball'],
	],
	[
		'a test file in the tarball',
		'tarball-contents',
		({ pkg }) =>
			fs.writeFileSync(path.join(pkg, 'dist/nodes/transport.test.js'), 'exports.ok = 1;\n'),
		/dist\/nodes\/transport\.test\.js: a test file/,
	],
	[
		'a source map in the tarball',
		'tarball-contents',
		({ pkg }) => {
			fs.writeFileSync(path.join(pkg, `${NODE}.map`), '{"version":3,"sources":[],"mappings":""}');
			append(path.join(pkg, NODE), '//# sourceMappingURL=Elma365Nomenclature.node.js.map');
		},
		/Elma365Nomenclature\.node\.js\.map: a source map/,
	],
	[
		'a .env file in the tarball',
		'tarball-contents',
		({ pkg }) =>
			fs.writeFileSync(path.join(pkg, 'dist/.env'), 'ELMA365_URL=https://example.test\n'),
		/dist\/\.env: a secret or configuration file/,
	],
	[
		'an API key in shipped code',
		'secrets',
		({ pkg }) =>
			append(
				path.join(pkg, 'dist/nodes/shared/transport/index.js'),
				'const apiKey = "5f0c3b7e9a2d4c61b8e07f3a9d2c4e11";',
			),
		/transport\/index\.js:\d+: key-like string assigned to a secret name/,
		undefined,
		// n8n's scanner finds it too.
		['scan-tarball'],
	],
	[
		'a private key in the tarball',
		'secrets',
		({ pkg }) =>
			fs.writeFileSync(
				path.join(pkg, 'dist/icons/README'),
				'-----BEGIN RSA PRIVATE KEY-----\nMIIB\n',
			),
		/dist\/icons\/README:1: private key/,
	],
	[
		'a listed node missing from the tarball',
		'n8n-section',
		({ pkg }) => fs.rmSync(path.join(pkg, NODE)),
		/Elma365Nomenclature\.node\.js: listed in the "n8n" section but not in the tarball/,
		undefined,
		// The node's metadata check cannot read it either.
		['node-metadata'],
	],
	[
		'a listed node that does not load',
		'n8n-section',
		({ pkg }) => fs.writeFileSync(path.join(pkg, NODE), 'throw new Error("broken build");\n'),
		/check crashed: .*broken build/,
		undefined,
		// The node's metadata check cannot read it either.
		['node-metadata'],
	],
	[
		'a node without its codex file',
		'node-metadata',
		({ pkg }) => fs.rmSync(path.join(pkg, CODEX)),
		/elma365Nomenclature: codex file dist\/nodes\/Elma365Nomenclature\/Elma365Nomenclature\.node\.json missing/,
	],
	[
		'a codex without categories',
		'node-metadata',
		({ pkg }) => editJson(path.join(pkg, CODEX), (json) => (json.categories = [])),
		/Elma365Nomenclature\.node\.json: no categories/,
	],
	[
		'a missing dark icon',
		'node-metadata',
		({ pkg }) => fs.rmSync(path.join(pkg, 'dist/icons/nomenclature.dark.svg')),
		/elma365Nomenclature: icon dist\/icons\/nomenclature\.dark\.svg is not in the tarball/,
	],
	[
		'a node subtitle that does not show the operation',
		'node-metadata',
		({ pkg }) =>
			edit(path.join(pkg, NODE), (text) => text.replace(/subtitle: .*,/, "subtitle: 'ELMA365',")),
		/elma365Nomenclature: subtitle "ELMA365" does not show the operation/,
	],
])(
	'fails on %s: reports it under %s and exits 1',
	async (_label, check, plant, problem, withSource, alsoFailing = []) => {
		const run = await planted(plant, withSource);
		// No other check fails: the copy passes them, as the real tarball does.
		expect([...run.failed].sort()).toEqual([check, ...alsoFailing].sort());
		const section = run.output
			.slice(run.output.indexOf(`FAIL ${check}:`))
			.split(/\n(?=ok {3}|FAIL )/)[0];
		expect(section).toMatch(problem);
		expect(run.output).toMatch(/^verify: \d+ checks passed, [1-9]\d* failed$/m);
		expect(run.status).toBe(1);
	},
	TEST_TIMEOUT_MS,
);
