/**
 * Jest's globalSetup for the unit suites (jest.config.js, jest.compat.config.js): the tests load the
 * compiled package in dist/, so dist/ is rebuilt with `n8n-node build` when it is missing or older
 * than its sources. Silent when dist/ is up to date (as right after `npm test`'s own build).
 *
 * Up to date means: every source has its output (nodes/ and credentials/ `.ts` -> `.js`, codex
 * `.json`, icons) at least as new as itself; no compiled file is left over from a moved or deleted
 * source; and tsconfig.json and package.json are older than every compiled file.
 *
 *   node scripts/build-if-stale.js    the same check and build from a shell
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
/** The folders that have outputs in dist/, and which of their files do (tsconfig.json, gulpfile.js). */
const SOURCES = {
	nodes: /(?<!\.d)\.ts$|\.(json|png|svg)$/,
	credentials: /(?<!\.d)\.ts$|\.(png|svg)$/,
	icons: /\.(png|svg)$/,
};
const COMPILED = ['nodes', 'credentials'];
const CONFIG = ['tsconfig.json', 'package.json'];

/** Every file under `dir` (relative to `root`, '/'-separated); none when it does not exist. */
function listFiles(root, dir) {
	const full = path.join(root, dir);
	if (!fs.existsSync(full)) return [];
	return fs
		.readdirSync(full, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
		.map((file) => file.split(path.sep).join('/'));
}

/** Modification time in whole milliseconds: gulp copies a file's time to its copy at that precision. */
const mtime = (file) => Math.floor(fs.statSync(file).mtimeMs);

/** The file tsc or the static copy makes of a source file, relative to the root. */
function outputOf(source) {
	const compiled = source.endsWith('.ts') && !source.endsWith('.d.ts');
	return `dist/${compiled ? source.replace(/\.ts$/, '.js') : source}`;
}

/** Why dist/ under `root` must be rebuilt, or undefined when it is up to date. */
function staleReason(root = ROOT) {
	const dist = path.join(root, 'dist');
	if (!fs.existsSync(dist)) return 'dist/ does not exist';
	const sources = Object.entries(SOURCES).flatMap(([dir, pattern]) =>
		listFiles(root, dir).filter((file) => pattern.test(file)),
	);
	for (const source of sources) {
		const output = path.join(root, outputOf(source));
		if (!fs.existsSync(output)) return `${outputOf(source)} is missing`;
		if (mtime(output) < mtime(path.join(root, source))) return `${source} changed since the build`;
	}
	const expected = new Set(sources.map(outputOf));
	const compiled = COMPILED.flatMap((dir) => listFiles(root, `dist/${dir}`)).filter((file) =>
		file.endsWith('.js'),
	);
	const leftover = compiled.find((file) => !expected.has(file));
	if (leftover) return `${leftover} has no source (moved or deleted)`;
	const built = Math.min(...compiled.map((file) => mtime(path.join(root, file))));
	const config = CONFIG.find(
		(file) => fs.existsSync(path.join(root, file)) && mtime(path.join(root, file)) > built,
	);
	if (config) return `${config} changed since the build`;
	return undefined;
}

/** The compiler's error lines from the CLI's output (its progress spinner and colours left out). */
function errorLines(output) {
	const lines = output
		.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
		.split('\n')
		.map((line) => line.replace(/^[\s│■└]+/, ''));
	const errors = lines.filter((line) => /error|failed/i.test(line));
	return (errors.length ? errors : lines.slice(-20)).join('\n');
}

/** Builds dist/ when it is stale; the build's output is shown only when it fails. */
function buildIfStale() {
	const reason = staleReason();
	if (!reason) return;
	process.stderr.write(`\nbuilding dist/ (${reason}): n8n-node build\n`);
	const cli = path.join(ROOT, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
	try {
		execFileSync(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
	} catch (error) {
		throw new Error(`n8n-node build failed:\n${errorLines(`${error.stdout}${error.stderr}`)}`);
	}
}

module.exports = buildIfStale;
module.exports.staleReason = staleReason;

if (require.main === module) buildIfStale();
