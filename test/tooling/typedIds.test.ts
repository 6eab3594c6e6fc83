/**
 * `scripts/typed-ids.mjs` lists the ID and code fields of the built nodes that are still typed, each
 * with the reason it stays typed. Every one it finds has a reason, and the fields made pickers are
 * no longer among them.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');

interface Row {
	node: string;
	name: string;
	label: string;
	resources: string[];
	operations: string[];
	reason: string | null;
}

const rows = (): Row[] =>
	JSON.parse(
		execFileSync(process.execPath, [path.join(REPO, 'scripts', 'typed-ids.mjs'), '--json'], {
			cwd: REPO,
			encoding: 'utf8',
		}),
	) as Row[];

test('every ID or code field still typed has its reason', () => {
	const found = rows();
	expect(found.length).toBeGreaterThan(0);
	expect(found.filter((row) => !row.reason)).toEqual([]);
});

test('the fields made pickers are not typed any more', () => {
	const typed = rows().map((row) => `${row.node}:${row.name}@${row.operations.join(',')}`);
	for (const operation of ['get', 'download', 'getDownloadLink', 'move'])
		expect(typed).not.toContain(`elma365File:fileId@${operation}`);
	expect(typed.filter((entry) => entry.startsWith('elma365App:statusGroupId'))).toEqual([]);
});

test('the scan finds a typed ID field and prints it with its reason', () => {
	const text = execFileSync(process.execPath, [path.join(REPO, 'scripts', 'typed-ids.mjs')], {
		cwd: REPO,
		encoding: 'utf8',
	});
	expect(text).toMatch(
		/^elma365Process > restorePoint \/ restore > Restore Point \(restorePointId\): The vendor publishes no list of restore points/m,
	);
	expect(text).toMatch(/ typed ID or code fields, 0 without a reason\n$/);
});
