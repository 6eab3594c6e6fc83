/**
 * `gulp build:icons` (gulpfile.js, run by `npm run build:watch`) copies the static files into dist/.
 * It runs with gulp's own CLI in a temporary copy of the package's sources, so the real dist/ is
 * never written while other suites read it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');
const GULP = path.join(REPO, 'node_modules', 'gulp', 'bin', 'gulp.js');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));

/** Every compiled node and credential n8n loads, as `dist/...js` paths (package.json's n8n section). */
const listed: string[] = [...pkg.n8n.nodes, ...pkg.n8n.credentials];

/** The `file:` icons a source names, as [path from the package root, path from the compiled file]. */
function iconsOf(compiled: string): Array<[string, string]> {
	const source = compiled.replace(/^dist\//, '').replace(/\.js$/, '.ts');
	const text = fs.readFileSync(path.join(REPO, source), 'utf8');
	return [...text.matchAll(/'file:([^']+)'/g)].map(([, icon]) => [
		path.join(path.dirname(source), icon),
		path.join(path.dirname(compiled), icon),
	]);
}

let work: string;

beforeAll(() => {
	work = fs.mkdtempSync(path.join(os.tmpdir(), 'elma365-gulp-'));
	for (const entry of ['gulpfile.js', 'package.json', 'icons', 'nodes', 'credentials'])
		fs.cpSync(path.join(REPO, entry), path.join(work, entry), { recursive: true });
	fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(work, 'node_modules'), 'dir');
	// A PNG is binary: bytes that are not UTF-8 must arrive unchanged (gulp 5 reads text by default).
	const png = Buffer.concat([
		Buffer.from('89504e470d0a1a0a', 'hex'),
		Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
	]);
	fs.writeFileSync(path.join(work, 'nodes', 'Elma365App', 'elma365App.png'), png);
	fs.writeFileSync(path.join(work, 'credentials', 'elma365Api.png'), png);
	execFileSync(process.execPath, [GULP, 'build:icons', '--cwd', work], { stdio: 'pipe' });
}, 60_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test('every node and credential in the n8n section names a file icon', () => {
	expect(listed.length).toBeGreaterThan(1);
	for (const compiled of listed) expect(iconsOf(compiled)).toHaveLength(2);
});

test.each(listed)('the icons of %s arrive in dist/ byte for byte', (compiled) => {
	for (const [source, copied] of iconsOf(compiled)) {
		const original = fs.readFileSync(path.join(work, source));
		expect(fs.readFileSync(path.join(work, copied)).equals(original)).toBe(true);
	}
});

test('PNG icons beside a node or a credential arrive byte for byte, in the same place', () => {
	for (const file of ['nodes/Elma365App/elma365App.png', 'credentials/elma365Api.png']) {
		const copied = fs.readFileSync(path.join(work, 'dist', file));
		expect(copied.equals(fs.readFileSync(path.join(work, file)))).toBe(true);
	}
});

test('only static files are copied: no sources, no codex, nothing outside dist/', () => {
	const copied = fs.readdirSync(path.join(work, 'dist'), { recursive: true, withFileTypes: true });
	const files = copied
		.filter((entry) => entry.isFile())
		.map((entry) =>
			path.relative(path.join(work, 'dist'), path.join(entry.parentPath, entry.name)),
		);
	// icons/ holds the credential's elma365 pair and one light/dark pair per node area (the Event
	// Trigger's included).
	const icons = fs.readdirSync(path.join(REPO, 'icons')).map((name) => `icons/${name}`);
	expect(icons).toHaveLength(32);
	expect(files.sort()).toEqual(
		['credentials/elma365Api.png', ...icons, 'nodes/Elma365App/elma365App.png'].sort(),
	);
});
