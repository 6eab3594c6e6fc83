#!/usr/bin/env node
/**
 * Prints the built description of every node and credential the package declares (package.json
 * `n8n`), as JSON with each node's `methods` listed by name: two dumps of the same descriptions are
 * byte for byte equal. Used to show that a change of the code's layout changes no description.
 *
 *   npm run build && node scripts/description-dump.mjs > before.json
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const manifest = require(path.join(root, 'package.json')).n8n;

const dump = {};
for (const file of [...manifest.credentials, ...manifest.nodes]) {
	const exports = require(path.join(root, file));
	for (const [name, Type] of Object.entries(exports)) {
		const instance = new Type();
		const described = instance.description ?? instance;
		const methods = Object.fromEntries(
			Object.entries(instance.methods ?? {}).map(([kind, group]) => [kind, Object.keys(group)]),
		);
		dump[name] = { description: described, methods };
	}
}
process.stdout.write(`${JSON.stringify(dump, null, 1)}\n`);
