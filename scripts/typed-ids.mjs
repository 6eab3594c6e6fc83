#!/usr/bin/env node
/**
 * Lists the parameters of the built nodes (`dist/`, after `npm run build`) that are still typed as
 * plain text although their name or label says they hold an ID or a code, each with the reason it
 * stays typed (REASONS below). A field without a reason is printed as such and the script exits 1:
 * either it becomes a picker, or its reason is written here.
 *
 *   node scripts/typed-ids.mjs          one line per field: node > resource/operation > field: reason
 *   node scripts/typed-ids.mjs --json   the same as JSON (test/tooling/typedIds.test.ts reads it)
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const pkg = require(path.join(root, 'package.json'));

/** A name or label that says the field holds an ID or a code. */
const LOOKS_LIKE_ID = /(^|[^a-z])(id|ids|code|codes)$|Ids?$|Codes?$|\bIDs?\b|\bCodes?\b/;

/** Plain-text parameter types: what is typed, not picked. */
const TYPED = new Set(['string', 'number', 'json']);

/**
 * Why a field stays typed, keyed by `<node>:<parameter name>` (every resource and operation of the
 * node that shows a parameter of that name) or by `<node>:<parameter name>@<operation>` where the
 * same name differs by operation.
 */
export const REASONS = {};

/** Every parameter, with the collections' and fixed collections' inner ones, and where it shows. */
function* walk(properties, trail = [], outer = undefined) {
	for (const property of properties ?? []) {
		const shown = property.displayOptions ? property : outer;
		yield { property, trail, shown };
		const inner = property.options ?? [];
		for (const option of inner) {
			if (option && typeof option === 'object' && Array.isArray(option.values)) {
				yield* walk(option.values, [...trail, property.displayName, option.displayName], shown);
			} else if (option && typeof option === 'object' && 'type' in option) {
				yield* walk([option], [...trail, property.displayName], shown);
			}
		}
	}
}

/** A resource locator that offers no list: its value is typed whatever mode is chosen. */
function typedLocator(property) {
	return (
		property.type === 'resourceLocator' &&
		!(property.modes ?? []).some((mode) => mode.type === 'list')
	);
}

function shownFor(property) {
	const show = property?.displayOptions?.show ?? {};
	const resources = show.resource ?? [];
	const operations = show.operation ?? show.event ?? [];
	return { resources, operations };
}

export function scan() {
	const rows = [];
	for (const file of pkg.n8n.nodes) {
		const module = require(path.join(root, file));
		const NodeClass = Object.values(module).find((value) => typeof value === 'function');
		const node = new NodeClass();
		const description = node.description ?? node.baseDescription;
		const nodeName = description.name;
		const seen = new Set();
		for (const { property, trail, shown } of walk(description.properties)) {
			if (!TYPED.has(property.type) && !typedLocator(property)) continue;
			if (!LOOKS_LIKE_ID.test(property.name) && !LOOKS_LIKE_ID.test(property.displayName ?? ''))
				continue;
			const { resources, operations } = shownFor(shown);
			const key = `${nodeName}:${property.name}`;
			const where = [...trail, property.displayName].join(' > ');
			const id = `${key}|${where}|${resources.join(',')}|${operations.join(',')}`;
			if (seen.has(id)) continue;
			seen.add(id);
			const reason =
				operations.map((operation) => REASONS[`${key}@${operation}`]).find(Boolean) ?? REASONS[key];
			rows.push({
				node: nodeName,
				name: property.name,
				label: where,
				resources,
				operations,
				reason: reason ?? null,
			});
		}
	}
	return rows;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
	const rows = scan();
	if (process.argv.includes('--json')) {
		process.stdout.write(JSON.stringify(rows, null, '\t') + '\n');
	} else {
		for (const row of rows) {
			const where = [row.resources.join('|'), row.operations.join('|')].filter(Boolean).join(' / ');
			console.log(
				`${row.node} > ${where || '(all)'} > ${row.label} (${row.name}): ${row.reason ?? 'NO REASON'}`,
			);
		}
		console.log(
			`${rows.length} typed ID or code fields, ${rows.filter((r) => !r.reason).length} without a reason`,
		);
	}
	if (rows.some((row) => !row.reason)) process.exitCode = 1;
}
