#!/usr/bin/env node
/**
 * The import circles of nodes/shared: between files, and between its folders (a folder that imports
 * one that imports it back, through any files). Prints each circle and exits 1 when there is one.
 *
 *   node scripts/import-cycles.mjs
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const shared = path.join(root, 'nodes', 'shared');

function filesUnder(dir) {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory() ? filesUnder(full) : name.endsWith('.ts') ? [full] : [];
	});
}

/** The files of nodes/shared that `file` imports (type imports included: they tie the code too). */
function importsOf(file) {
	const source = readFileSync(file, 'utf8');
	const targets = new Set();
	for (const match of source.matchAll(/(?:import|export)[^;]*?from\s+'(\.[^']*)'/gs)) {
		const base = path.resolve(path.dirname(file), match[1]);
		for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')])
			if (candidate.startsWith(shared) && files.includes(candidate)) targets.add(candidate);
	}
	return [...targets];
}

/** Circles of `graph` (node -> nodes), each found once, from Tarjan's strongly connected sets. */
function circles(graph) {
	let index = 0;
	const order = new Map();
	const low = new Map();
	const stack = [];
	const found = [];
	const visit = (node) => {
		order.set(node, index);
		low.set(node, index++);
		stack.push(node);
		for (const next of graph.get(node) ?? []) {
			if (!order.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node), low.get(next)));
			} else if (stack.includes(next)) low.set(node, Math.min(low.get(node), order.get(next)));
		}
		if (low.get(node) === order.get(node)) {
			const set = [];
			let member;
			do {
				member = stack.pop();
				set.push(member);
			} while (member !== node);
			if (set.length > 1) found.push(set);
		}
	};
	for (const node of graph.keys()) if (!order.has(node)) visit(node);
	return found;
}

const files = filesUnder(shared);
const fileGraph = new Map(files.map((file) => [file, importsOf(file)]));
const folderOf = (file) => path.relative(shared, path.dirname(file)) || '.';
const folderGraph = new Map();
for (const [file, targets] of fileGraph) {
	const from = folderOf(file);
	if (!folderGraph.has(from)) folderGraph.set(from, new Set());
	for (const target of targets)
		if (folderOf(target) !== from) folderGraph.get(from).add(folderOf(target));
}

const name = (file) => path.relative(shared, file);
const fileCircles = circles(fileGraph);
const folderCircles = circles(folderGraph);
for (const set of fileCircles) console.log(`files: ${set.map(name).join(' <-> ')}`);
for (const set of folderCircles) console.log(`folders: ${set.join(' <-> ')}`);
console.log(`${fileCircles.length} file circles, ${folderCircles.length} folder circles`);
process.exitCode = fileCircles.length + folderCircles.length > 0 ? 1 : 0;
