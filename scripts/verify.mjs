#!/usr/bin/env node
// Release check: runs what n8n runs before it verifies a community package, with n8n's own code,
// plus the package rules of this project.
//   - n8n's scanner (@n8n/scan-community-package, its analyzePackage and file patterns) on the
//     committed source (what the npm provenance of a release points at: `git archive HEAD`, not the
//     working tree) and on the packed tarball (dist/**/*.js + package.json), inline disables ignored;
//   - n8n's node CLI lint (`n8n-node lint`, strict, default config) on that committed source.
//
//   node scripts/verify.mjs                  packs this repository (`npm pack`) and checks the tarball
//                                            and the committed sources of HEAD
//   node scripts/verify.mjs --package-dir D [--source-dir S]
//                                            checks an already unpacked package D (and sources S)
//
// Prints one line per check and the violations under it; exits 1 on any violation.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// eslint-plugin-n8n-nodes-base reads file names from its own test fixtures when NODE_ENV is "test"
// (as under jest): the lint must see the real names. Cleared before the plugin is loaded.
if (process.env.NODE_ENV === 'test') delete process.env.NODE_ENV;
const require = createRequire(import.meta.url);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { ESLint } = require('eslint');
// n8n's scanner itself (not a copy of its configuration).
const scanner = await import('@n8n/scan-community-package/scanner/scanner.mjs');

// Source maps are not shipped (tsconfig has sourceMap: false). Set to true only on purpose, together
// with the sources they point at.
const SOURCE_MAPS_INTENDED = false;
// Runtime code may import only these (the project's rule is stricter than n8n's allow-list).
const ALLOWED_RUNTIME_MODULES = ['n8n-workflow'];
// npm runs these on install: n8n refuses packages that have them.
const INSTALL_SCRIPTS = [
	'preinstall',
	'install',
	'postinstall',
	'prepare',
	'preprepare',
	'postprepare',
];

function parseArgs(argv) {
	const args = {};
	for (let i = 0; i < argv.length; i++) {
		const [flag, value] = [argv[i], argv[i + 1]];
		if (flag === '--package-dir') args.packageDir = path.resolve(value);
		else if (flag === '--source-dir') args.sourceDir = path.resolve(value);
		else throw new Error(`unknown argument ${flag}`);
		i++;
	}
	return args;
}

/**
 * `npm pack` of this repository's current dist/ (`npm run verify` builds it first where stale), unpacked as n8n's
 * scanner unpacks it. Scripts are skipped so that packing never rebuilds dist/ under a running test.
 */
function packRepository(tmp) {
	const out = execFileSync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', tmp],
		{ cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const [{ filename }] = JSON.parse(out.slice(out.indexOf('[')));
	const tarball = path.join(tmp, path.basename(filename));
	execFileSync('tar', ['-xzf', tarball, '-C', tmp]);
	return { tarball, packageDir: path.join(tmp, 'package') };
}

/** The committed tree of HEAD, as the provenance of a release built from it would point at. */
function committedSource(tmp) {
	const dir = path.join(tmp, 'source');
	fs.mkdirSync(dir);
	execFileSync('sh', ['-c', `git archive HEAD | tar -x -C "${dir}"`], { cwd: REPO });
	const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
		cwd: REPO,
		encoding: 'utf8',
	}).trim();
	if (dirty)
		console.log(
			`note: the working tree has uncommitted changes; the sources checked are those of HEAD`,
		);
	return dir;
}

/** Every file of the unpacked package, relative, '/'-separated (node_modules is ours, not shipped). */
function listFiles(dir, base = dir) {
	const files = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (dir === base && entry.name === 'node_modules') continue;
		if (entry.isDirectory()) files.push(...listFiles(full, base));
		else files.push(path.relative(base, full).split(path.sep).join('/'));
	}
	return files.sort();
}

/** n8n's scanner on one directory: its stylish report cut into one problem per line. */
async function scan(dir, patterns) {
	const result = await scanner.analyzePackage(dir, patterns);
	if (result.passed) return [];
	const details = (result.details ?? '')
		.split('\n')
		.map((line) => line.trimEnd())
		.filter((line) => line && !/^\s*✖/.test(line));
	return [result.message, ...details.map((line) => line.replace(`${dir}/`, ''))];
}

/** n8n's node CLI lint (`npm run lint`: `n8n-node lint`) on a source tree, with this repository's dev dependencies. */
function cliLint(sourceDir) {
	const modules = path.join(sourceDir, 'node_modules');
	if (!fs.existsSync(modules)) fs.symlinkSync(path.join(REPO, 'node_modules'), modules, 'dir');
	try {
		execFileSync('npm', ['run', 'lint', '--silent'], {
			cwd: sourceDir,
			encoding: 'utf8',
			stdio: 'pipe',
			env: { ...process.env, FORCE_COLOR: '0', CI: '1' },
		});
		return [];
	} catch (error) {
		const output = `${error.stdout ?? ''}${error.stderr ?? ''}`
			.split('\n')
			.map((line) => line.trimEnd())
			.filter(Boolean);
		return output.length ? output.slice(-40) : [`n8n-node lint exited with ${error.status}`];
	}
}

/** Rules of this project for shipped code, beyond n8n's: no environment, file system or process access. */
const RESTRICTED_GLOBALS = [
	'process',
	'global',
	'globalThis',
	'__dirname',
	'__filename',
	'setTimeout',
	'setInterval',
	'setImmediate',
	'eval',
	'Function',
];
const runtimePlugin = {
	rules: {
		'only-allowed-modules': {
			meta: { type: 'problem', schema: [] },
			create(context) {
				const check = (node, source) => {
					if (source?.type !== 'Literal' || typeof source.value !== 'string') {
						context.report({
							node,
							message:
								'Computed module path: only literal imports of n8n-workflow or relative files are allowed',
						});
						return;
					}
					const name = source.value;
					if (name.startsWith('./') || name.startsWith('../')) return;
					const root = name.startsWith('@')
						? name.split('/').slice(0, 2).join('/')
						: name.split('/')[0];
					if (!ALLOWED_RUNTIME_MODULES.includes(root)) {
						context.report({
							node,
							message: `Runtime code loads '${name}': only ${ALLOWED_RUNTIME_MODULES.join(', ')} and relative files are allowed (no file system, process, network or other modules)`,
						});
					}
				};
				return {
					ImportDeclaration: (node) => check(node, node.source),
					ImportExpression: (node) => check(node, node.source),
					CallExpression(node) {
						if (node.callee.type === 'Identifier' && node.callee.name === 'require')
							check(node, node.arguments[0]);
					},
				};
			},
		},
		'no-environment-access': {
			meta: { type: 'problem', schema: [] },
			create(context) {
				return {
					Program(program) {
						// Unresolved names, and names ESLint itself declares as built-in globals (globalThis).
						const scope = context.sourceCode.getScope(program);
						const builtins = scope.variables.filter((variable) => variable.defs.length === 0);
						const refs = [...scope.through, ...builtins.flatMap((variable) => variable.references)];
						for (const ref of refs) {
							const { name } = ref.identifier;
							if (RESTRICTED_GLOBALS.includes(name)) {
								context.report({
									node: ref.identifier,
									message: `Runtime code uses the global '${name}' (environment, process, timers or code evaluation)`,
								});
							}
						}
					},
				};
			},
		},
	},
};

/** ESLint with only the given config (no config file, inline disables ignored): one problem per line. */
async function lint(cwd, patterns, overrideConfig) {
	const eslint = new ESLint({
		cwd,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig,
		errorOnUnmatchedPattern: false,
	});
	const problems = [];
	for (const result of await eslint.lintFiles(patterns)) {
		for (const m of result.messages) {
			if (m.severity === 2)
				problems.push(
					`${path.relative(cwd, result.filePath)}:${m.line}:${m.column} ${m.message}${m.ruleId ? ` (${m.ruleId})` : ''}`,
				);
		}
	}
	return { problems };
}

const SECRET_PATTERNS = [
	['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
	['AWS access key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
	['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36,}\b/],
	['npm token', /\bnpm_[A-Za-z0-9]{36}\b/],
	['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
	['Stripe key', /\b[sr]k_live_[A-Za-z0-9]{16,}/],
	['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
	['JWT', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
	['bearer token', /Bearer\s+[A-Za-z0-9][A-Za-z0-9._~+/-]{19,}/],
	[
		'key-like string assigned to a secret name',
		/(?:api[_-]?key|apikey|secret|token|password|passwd|auth)["']?\s*[:=]\s*["'`][A-Za-z0-9_+/.=-]{16,}["'`]/i,
	],
	[
		'UUID-shaped API token in a header',
		/(?:Authorization|X-Token)["']?\s*[:=]\s*["'`](?:Bearer\s+)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
	],
];
const SECRET_FILES = [
	/(^|\/)\.env(\..*)?$/,
	/(^|\/)\.npmrc$/,
	/\.(pem|key|p12|pfx)$/,
	/(^|\/)id_(rsa|dsa|ecdsa|ed25519)$/,
	/(^|\/)credentials\.json$/,
];

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'elma365-verify-'));
	let packed;
	if (!args.packageDir) {
		packed = packRepository(tmp);
		args.packageDir = packed.packageDir;
		args.sourceDir ??= committedSource(tmp);
	}
	const { packageDir, sourceDir } = args;
	const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	const files = listFiles(packageDir);
	const checks = [];
	const check = async (name, what, run) => {
		let problems;
		try {
			problems = await run();
		} catch (error) {
			problems = [`check crashed: ${error instanceof Error ? error.message : String(error)}`];
		}
		checks.push({ name, what, problems });
	};

	console.log(
		`Verifying ${pkg.name}@${pkg.version} (${packed ? path.basename(packed.tarball) : packageDir}, ${files.length} files)`,
	);

	if (sourceDir) {
		await check(
			'scan-source',
			`n8n's scanner on the committed source (${scanner.SOURCE_FILE_PATTERNS.join(', ')}), inline disables ignored`,
			async () => {
				const root = scanner.findPackageRoot(sourceDir, pkg.name);
				if (!root) return [`no package.json named ${pkg.name} in the source`];
				return scan(root, scanner.SOURCE_FILE_PATTERNS);
			},
		);
		await check(
			'cli-lint',
			"n8n's node CLI lint (n8n-node lint: strict, n8n's default config) on the committed source",
			() => cliLint(sourceDir),
		);
	}
	await check(
		'scan-tarball',
		"n8n's scanner on the packed tarball (dist/**/*.js, package.json), inline disables ignored",
		() => scan(packageDir, ['**/*.js', 'package.json']),
	);
	await check(
		'package-fields',
		'package.json fields that n8n and npm check: no phantom main, a GitHub repository (npm provenance), author, engines',
		() => {
			const problems = [];
			if (pkg.main !== undefined && !files.includes(path.normalize(pkg.main)))
				problems.push(`"main" names ${pkg.main}, which is not in the tarball`);
			const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
			if (
				!/^git\+https:\/\/github\.com\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+\.git$/.test(
					repository ?? '',
				)
			)
				problems.push(
					`"repository" ${JSON.stringify(repository)} is not a git+https://github.com/<owner>/<repo>.git URL (npm provenance checks it against the publishing repository)`,
				);
			if (!pkg.author?.name) problems.push('"author" has no name');
			if (!pkg.engines?.node) problems.push('"engines" does not state the Node versions');
			if (pkg.n8n?.strict !== true)
				problems.push('"n8n.strict" is not true (n8n Cloud eligibility)');
			return problems;
		},
	);
	await check(
		'dependencies',
		'no runtime dependencies, n8n-workflow only as a peer, no install scripts',
		() => {
			const problems = [];
			for (const field of [
				'dependencies',
				'optionalDependencies',
				'bundleDependencies',
				'bundledDependencies',
			]) {
				const value = pkg[field];
				const count = Array.isArray(value) ? value.length : Object.keys(value ?? {}).length;
				if (count > 0)
					problems.push(
						`package.json "${field}" lists ${JSON.stringify(value)}: runtime dependencies are not allowed`,
					);
			}
			const peers = Object.keys(pkg.peerDependencies ?? {});
			if (peers.some((peer) => peer !== 'n8n-workflow'))
				problems.push(`peerDependencies may hold only n8n-workflow, found ${peers.join(', ')}`);
			for (const script of INSTALL_SCRIPTS) {
				if (pkg.scripts?.[script])
					problems.push(`package.json has an install-time "${script}" script`);
			}
			if (pkg.overrides) problems.push('package.json has an "overrides" field');
			if (!(pkg.keywords ?? []).includes('n8n-community-node-package'))
				problems.push('keyword n8n-community-node-package is missing');
			return problems;
		},
	);
	await check(
		'runtime-access',
		`shipped code loads only ${ALLOWED_RUNTIME_MODULES.join(', ')} and relative files; no environment, file-system, process or eval access`,
		async () => {
			const { problems } = await lint(
				packageDir,
				['**/*.js'],
				[
					{
						files: ['**/*.js'],
						languageOptions: { sourceType: 'commonjs', ecmaVersion: 2022, globals: {} },
						plugins: { verify: runtimePlugin },
						rules: {
							'verify/only-allowed-modules': 'error',
							'verify/no-environment-access': 'error',
						},
					},
				],
			);
			return problems;
		},
	);
	await check(
		'tarball-contents',
		`only dist/ and package metadata; no tests${SOURCE_MAPS_INTENDED ? '' : ', no source maps'}, no secret files`,
		() => {
			const problems = [];
			for (const file of files) {
				const top = ['package.json', 'README.md', 'LICENSE', 'LICENSE.md', 'CHANGELOG.md'];
				if (!file.startsWith('dist/') && !top.includes(file))
					problems.push(`${file}: outside dist/`);
				if (
					/(^|\/)(test|tests|__tests__|__mocks__|e2e|bench)\//.test(file) ||
					/\.(test|spec)\.[cm]?[jt]sx?$/.test(file)
				)
					problems.push(`${file}: a test file`);
				if (!SOURCE_MAPS_INTENDED && file.endsWith('.map')) problems.push(`${file}: a source map`);
				if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
					problems.push(`${file}: a TypeScript source`);
				if (SECRET_FILES.some((re) => re.test(file)))
					problems.push(`${file}: a secret or configuration file`);
				if (file.endsWith('.tgz')) problems.push(`${file}: a tarball inside the tarball`);
			}
			if (!SOURCE_MAPS_INTENDED) {
				for (const file of files.filter((f) => f.endsWith('.js'))) {
					if (
						/^\/\/# sourceMappingURL=/m.test(fs.readFileSync(path.join(packageDir, file), 'utf8'))
					)
						problems.push(`${file}: references a source map`);
				}
			}
			return problems;
		},
	);
	await check('secrets', 'no key-, token- or password-looking strings in any shipped file', () => {
		const problems = [];
		for (const file of files) {
			const text = fs.readFileSync(path.join(packageDir, file), 'utf8');
			if (text.includes('\0')) continue;
			text.split('\n').forEach((line, i) => {
				for (const [label, re] of SECRET_PATTERNS) {
					const match = re.exec(line);
					if (match) problems.push(`${file}:${i + 1}: ${label}: ${match[0].slice(0, 24)}...`);
				}
			});
		}
		return problems;
	});
	await check(
		'n8n-section',
		'every node and credential in the "n8n" section is in the tarball and loads in n8n-core',
		async () => {
			const problems = [];
			const listed = { nodes: pkg.n8n?.nodes ?? [], credentials: pkg.n8n?.credentials ?? [] };
			if (listed.nodes.length === 0) problems.push('the "n8n" section lists no nodes');
			for (const file of [...listed.nodes, ...listed.credentials]) {
				if (!files.includes(file))
					problems.push(`${file}: listed in the "n8n" section but not in the tarball`);
			}
			if (problems.length) return problems;
			const loader = await loadPackage(packageDir);
			const nodeCount = Object.keys(loader.nodeTypes).length;
			const credentialCount = Object.keys(loader.credentialTypes).length;
			if (nodeCount !== listed.nodes.length)
				problems.push(
					`n8n loaded ${nodeCount} nodes, the "n8n" section lists ${listed.nodes.length}`,
				);
			if (credentialCount !== listed.credentials.length)
				problems.push(
					`n8n loaded ${credentialCount} credentials, the "n8n" section lists ${listed.credentials.length}`,
				);
			return problems;
		},
	);
	await check(
		'node-metadata',
		'every node has a codex file (categories, documentation), themed light/dark icons and a subtitle showing the operation (a trigger: the event); every credential themed icons',
		async () => {
			const problems = [];
			const loader = await loadPackage(packageDir);
			for (const file of pkg.n8n.nodes) {
				const className = path.basename(file, '.node.js');
				const name = className[0].toLowerCase() + className.slice(1);
				const description = loader.nodeTypes[name]?.type.description;
				if (!description) {
					problems.push(`${file}: no node named ${name}`);
					continue;
				}
				// A trigger (polling or webhook) has no operation: its subtitle shows the event.
				const trigger = description.polling === true || description.webhooks !== undefined;
				const shown = trigger ? 'event' : 'operation';
				if (!new RegExp(`\\b${shown}\\b`).test(String(description.subtitle ?? '')))
					problems.push(
						`${name}: subtitle ${JSON.stringify(description.subtitle)} does not show the ${shown}`,
					);
				const node = loader.types.nodes.find((type) => type.name === name);
				problems.push(...themedIcons(name, node?.iconUrl, packageDir, pkg.name));
				const codexFile = path.join(path.dirname(file), `${className}.node.json`);
				if (!files.includes(codexFile)) {
					problems.push(`${name}: codex file ${codexFile} missing`);
					continue;
				}
				const codex = JSON.parse(fs.readFileSync(path.join(packageDir, codexFile), 'utf8'));
				if (codex.node !== `${pkg.name}.${name}`)
					problems.push(
						`${codexFile}: "node" is ${JSON.stringify(codex.node)}, expected ${pkg.name}.${name}`,
					);
				if (!Array.isArray(codex.categories) || codex.categories.length === 0)
					problems.push(`${codexFile}: no categories`);
				const docs = codex.resources?.primaryDocumentation ?? [];
				if (docs.length === 0 || !docs.every((doc) => /^https:\/\//.test(doc.url ?? '')))
					problems.push(`${codexFile}: no https primaryDocumentation link`);
			}
			for (const credential of loader.types.credentials) {
				problems.push(...themedIcons(credential.name, credential.iconUrl, packageDir, pkg.name));
			}
			return problems;
		},
	);

	let failed = 0;
	for (const { name, what, problems } of checks) {
		console.log(`${problems.length ? 'FAIL' : 'ok  '} ${name}: ${what}`);
		for (const problem of problems) console.log(`       ${problem}`);
		if (problems.length) failed++;
	}
	console.log(`verify: ${checks.length - failed} checks passed, ${failed} failed`);
	fs.rmSync(tmp, { recursive: true, force: true });
	process.exitCode = failed ? 1 : 0;
}

function themedIcons(name, iconUrl, packageDir, packageName) {
	if (!iconUrl || typeof iconUrl !== 'object' || !iconUrl.light || !iconUrl.dark)
		return [`${name}: icon is not themed (light and dark)`];
	if (iconUrl.light === iconUrl.dark) return [`${name}: light and dark icons are the same file`];
	const problems = [];
	for (const url of [iconUrl.light, iconUrl.dark]) {
		const prefix = `icons/${packageName}/`;
		const file = url.startsWith(prefix) ? url.slice(prefix.length) : url;
		if (!fs.existsSync(path.join(packageDir, file)))
			problems.push(`${name}: icon ${file} is not in the tarball`);
	}
	return problems;
}

let loaderPromise;
/** The unpacked package loaded as n8n loads a community package; n8n-workflow resolves as n8n's own copy. */
function loadPackage(packageDir) {
	loaderPromise ??= (async () => {
		try {
			require.resolve('n8n-workflow', { paths: [packageDir] });
		} catch {
			fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(packageDir, 'node_modules'), 'dir');
		}
		const { PackageDirectoryLoader } = require('n8n-core');
		const loader = new PackageDirectoryLoader(packageDir);
		await loader.loadAll();
		return loader;
	})();
	return loaderPromise;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
