import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { components } from '../scripts/bundle.js';

describe('paste-ready scripts in build/', () => {
	const built = components();

	it('one per component: API methods, the activity, seven handlers', () => {
		expect(Object.keys(built).sort()).toEqual([
			'activity-send-to-n8n.ts',
			'api-methods.ts',
			'handler-item-comment_added.ts',
			'handler-item-created.ts',
			'handler-item-deleted.ts',
			'handler-item-status_changed.ts',
			'handler-item-updated.ts',
			'handler-user-created.ts',
			'handler-user-updated.ts',
		]);
	});

	it.each(Object.keys(built))('build/%s is in step with src/ (run scripts/bundle.js)', (name) => {
		expect(fs.readFileSync(path.join(__dirname, '..', 'build', name), 'utf8')).toBe(built[name]);
	});

	it.each(Object.keys(built))(
		'%s has no import, export or Global (module stays exportable)',
		(name) => {
			const code = ts.transpileModule(built[name], {
				compilerOptions: { target: ts.ScriptTarget.ES2022, removeComments: true },
			}).outputText;
			expect(code).not.toMatch(/^\s*(import|export)\s/m);
			expect(code).not.toMatch(/\bGlobal\b/);
			expect(code).toMatch(
				name === 'api-methods.ts' ? /async function subscribe\(/ : /async function action\(/,
			);
			expect(built[name]).not.toContain('__EVENT_NAME__');
		},
	);
});
