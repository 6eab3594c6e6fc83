/**
 * When jest's globalSetup (scripts/build-if-stale.js) rebuilds dist/: the check, on small package
 * trees in a temporary folder whose file times are set by hand. Nothing here builds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staleReason } from '../../scripts/build-if-stale.js';

let root: string;

/** Writes a file of the tree with its modification time `minutes` after an arbitrary start. */
function put(file: string, minutes: number) {
	const full = path.join(root, file);
	fs.mkdirSync(path.dirname(full), { recursive: true });
	if (!fs.existsSync(full)) fs.writeFileSync(full, '');
	const time = new Date(Date.UTC(2026, 0, 1, 0, minutes));
	fs.utimesSync(full, time, time);
}

beforeEach(() => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'elma365-stale-'));
	put('package.json', 0);
	put('tsconfig.json', 0);
	put('icons/elma365.svg', 0);
	put('credentials/Elma365Api.credentials.ts', 1);
	put('nodes/Elma365App/Elma365App.node.ts', 1);
	put('nodes/Elma365App/Elma365App.node.json', 1);
	put('nodes/Elma365App/README.md', 9);
	put('dist/icons/elma365.svg', 0);
	put('dist/credentials/Elma365Api.credentials.js', 2);
	put('dist/nodes/Elma365App/Elma365App.node.js', 2);
	put('dist/nodes/Elma365App/Elma365App.node.json', 2);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('a build newer than every source is up to date (files without an output do not count)', () => {
	expect(staleReason(root)).toBeUndefined();
});

test('a copy that kept its source time to the millisecond is up to date (as gulp copies)', () => {
	const source = path.join(root, 'icons/elma365.svg');
	fs.utimesSync(source, 1_800_000_000.0017, 1_800_000_000.0017);
	// Within the same millisecond as the source, away from its edge: a time of exactly .001 s is not
	// exact in a double and may be stored a few nanoseconds short of that millisecond.
	fs.utimesSync(path.join(root, 'dist/icons/elma365.svg'), 1_800_000_000.0012, 1_800_000_000.0012);
	expect(staleReason(root)).toBeUndefined();
});

test('no dist/ at all', () => {
	fs.rmSync(path.join(root, 'dist'), { recursive: true });
	expect(staleReason(root)).toBe('dist/ does not exist');
});

test.each([
	['nodes/Elma365App/Elma365App.node.ts'],
	['nodes/Elma365App/Elma365App.node.json'],
	['credentials/Elma365Api.credentials.ts'],
	['icons/elma365.svg'],
])('%s edited after the build', (source) => {
	put(source, 3);
	expect(staleReason(root)).toBe(`${source} changed since the build`);
});

test('a new source file without its output', () => {
	put('nodes/shared/utils.ts', 1);
	expect(staleReason(root)).toBe('dist/nodes/shared/utils.js is missing');
});

test('a compiled file whose source was moved or deleted', () => {
	put('dist/nodes/shared/transport.js', 2);
	expect(staleReason(root)).toBe('dist/nodes/shared/transport.js has no source (moved or deleted)');
});

test.each([['tsconfig.json'], ['package.json']])('%s changed after the build', (config) => {
	put(config, 3);
	expect(staleReason(root)).toBe(`${config} changed since the build`);
});
