import { execFileSync } from 'node:child_process';
import path from 'node:path';

const script = path.resolve(__dirname, '..', '..', 'scripts', 'import-cycles.mjs');

test('nodes/shared has no import circle, between files or between folders', () => {
	expect(execFileSync(process.execPath, [script], { encoding: 'utf8' })).toBe(
		'0 file circles, 0 folder circles\n',
	);
});
