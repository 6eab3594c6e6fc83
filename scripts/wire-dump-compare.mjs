#!/usr/bin/env node
/**
 * Compares two wire dumps (ELMA_WIRE_DUMP=<dir> npx jest ..., see test/harness/engine.ts) run by
 * run: lines are keyed by (test file, test name, run number within the test).
 *
 *   node scripts/wire-dump-compare.mjs <beforeDir> <afterDir>
 *     [--rename old=new]...   a test file (or folder, ending in /) of the before dump, renamed
 *     [--ignore substring]... leave out runs whose test file or test name contains it
 *     [--show N]              how many differing runs to describe (30)
 *     [--key-order]           count a different key order in objects as a difference
 *     [--common]              compare only the test files both dumps have (one dump is partial)
 *
 * Before comparing, each run is normalised so that two runs of the same code compare equal: the
 * double's port becomes 127.0.0.1:<port>, ISO timestamps <time>, UUIDs <uuid-N> numbered in order
 * of first appearance within the run, and the run's requests are sorted (with Concurrency above 1
 * they arrive in varying order). Exits 1 when any run differs or is only on one side.
 *
 * Noise between two runs of the same code: the App Trigger's poll simulation ("long randomized
 * run") and the hostile suite's fast-check cases run from fixed seeds unless TRIGGER_SEED or
 * FC_SEED is set (then set it the same in both runs), so they do not differ. One run still differs
 * about every other time: Process instance context's list "...list with the list body, paged in
 * the body" sorts instances whose ids are random UUIDs.
 * Leave it out with --ignore 'list with the list body, paged in the body'. What stays: the order
 * of requests in flight together under the quota and congestion tests, a wait's seconds in a quota
 * message, and a random multipart boundary a hostile server echoes in its error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FIELDS = [
	'kind',
	'nodeType',
	'typeVersion',
	'parameters',
	'input',
	'requests',
	'items',
	'emitted',
	'error',
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;
const PORT = /127\.0\.0\.1:\d+/g;

function usage(message) {
	if (message) console.error(message);
	console.error(
		'usage: wire-dump-compare.mjs <beforeDir> <afterDir> [--rename old=new]... [--ignore substring]... [--show N] [--key-order] [--common]',
	);
	process.exit(2);
}

const dirs = [];
const renames = [];
const ignores = [];
let show = 30;
let keyOrder = false;
let common = false;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
	const arg = args[i];
	if (arg === '--rename') {
		const [from, to] = (args[++i] ?? '').split('=');
		if (!from || to === undefined) usage('--rename needs old=new');
		renames.push([from, to]);
	} else if (arg === '--ignore') {
		if (args[i + 1] === undefined) usage('--ignore needs a substring');
		ignores.push(args[++i]);
	} else if (arg === '--show') {
		show = Number(args[++i]);
	} else if (arg === '--key-order') {
		keyOrder = true;
	} else if (arg === '--common') {
		common = true;
	} else if (arg.startsWith('--')) {
		usage(`unknown option ${arg}`);
	} else dirs.push(arg);
}
if (dirs.length !== 2) usage();

function rename(file) {
	for (const [from, to] of renames) {
		if (file === from) return to;
		if (from.endsWith('/') && file.startsWith(from)) return to + file.slice(from.length);
	}
	return file;
}

/** Objects with their keys sorted, so that key order does not count (unless --key-order). */
function canonical(value) {
	if (Array.isArray(value)) return value.map(canonical);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.keys(value)
				.sort()
				.map((key) => [key, canonical(value[key])]),
		);
	}
	return value;
}

/** The fields of a run that are compared, normalised (see the header). */
function normalise(line, sortKeys) {
	const run = {};
	for (const field of FIELDS) run[field] = sortKeys ? canonical(line[field]) : line[field];
	const plain = (value) =>
		JSON.stringify(value ?? null)
			.replace(PORT, '127.0.0.1:<port>')
			.replace(TIME, '<time>');
	run.requests = (run.requests ?? [])
		.map((request) => {
			const text = plain(request);
			return { request, order: text.replace(UUID, '<uuid>') };
		})
		.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
		.map(({ request }) => request);
	const numbers = new Map();
	const text = plain(run).replace(UUID, (uuid) => {
		const key = uuid.toLowerCase();
		if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
		return `<uuid-${numbers.get(key)}>`;
	});
	return { text, value: JSON.parse(text) };
}

function load(dir) {
	const runs = new Map();
	const files = new Set();
	let duplicates = 0;
	for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.jsonl'))) {
		for (const row of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
			if (!row.trim()) continue;
			const line = JSON.parse(row);
			const file = dir === dirs[0] ? rename(line.file) : line.file;
			if (ignores.some((part) => file.includes(part) || line.test.includes(part))) continue;
			files.add(file);
			const key = JSON.stringify([file, line.test, line.seq]);
			if (runs.has(key)) duplicates++;
			runs.set(key, line);
		}
	}
	return { runs, files, duplicates };
}

/** Where two normalised values first differ, e.g. `requests[2].body.size: 100 -> 50`. */
function firstDifference(a, b, where) {
	if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
	if (Array.isArray(a) && Array.isArray(b)) {
		for (let i = 0; i < Math.min(a.length, b.length); i++) {
			const found = firstDifference(a[i], b[i], `${where}[${i}]`);
			if (found) return found;
		}
		return `${where}: length ${a.length} -> ${b.length}`;
	}
	if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) {
		const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
		for (const key of keys) {
			const found = firstDifference(a[key], b[key], `${where}.${key}`);
			if (found) return found;
		}
		return `${where}: key order ${Object.keys(a).join(',')} -> ${Object.keys(b).join(',')}`;
	}
	const short = (value) => {
		const text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
		return text.length > 120 ? `${text.slice(0, 117)}...` : text;
	};
	return `${where}: ${short(a)} -> ${short(b)}`;
}

const before = load(dirs[0]);
const after = load(dirs[1]);
if (common) {
	for (const [one, other] of [
		[before, after],
		[after, before],
	]) {
		for (const key of one.runs.keys()) {
			if (!other.files.has(JSON.parse(key)[0])) one.runs.delete(key);
		}
	}
}
let identical = 0;
let keyOrderOnly = 0;
const differing = [];
const onlyBefore = [];
const onlyAfter = [...after.runs.keys()].filter((key) => !before.runs.has(key));
for (const [key, line] of before.runs) {
	const other = after.runs.get(key);
	if (!other) {
		onlyBefore.push(key);
		continue;
	}
	const a = normalise(line, !keyOrder);
	const b = normalise(other, !keyOrder);
	if (a.text === b.text) {
		identical++;
		if (!keyOrder && normalise(line, false).text !== normalise(other, false).text) keyOrderOnly++;
		continue;
	}
	const fields = FIELDS.filter((f) => JSON.stringify(a.value[f]) !== JSON.stringify(b.value[f]));
	const first = fields.map((f) => firstDifference(a.value[f], b.value[f], f));
	differing.push({ key, fields, first });
}

const label = (key) => {
	const [file, test, seq] = JSON.parse(key);
	return `${file} > ${test} #${seq}`;
};
console.log(`runs compared: ${before.runs.size - onlyBefore.length}`);
console.log(
	`identical: ${identical}${keyOrder ? '' : ` (of which ${keyOrderOnly} only in key order)`}`,
);
console.log(`differing: ${differing.length}`);
console.log(`only before: ${onlyBefore.length}`);
console.log(`only after: ${onlyAfter.length}`);
if (before.duplicates + after.duplicates > 0) {
	console.log(`duplicate keys (last kept): before ${before.duplicates}, after ${after.duplicates}`);
}
if (ignores.length > 0) console.log(`ignored: runs matching ${ignores.join(', ')}`);
if (differing.length > 0) {
	console.log(`\nfirst ${Math.min(show, differing.length)} differing runs:`);
	for (const { key, fields, first } of differing.slice(0, show)) {
		console.log(`- ${label(key)}\n    fields: ${fields.join(', ')}`);
		for (const line of first) console.log(`    ${line}`);
	}
}
for (const [title, keys] of [
	['only before', onlyBefore],
	['only after', onlyAfter],
]) {
	if (keys.length === 0) continue;
	console.log(`\n${title} (first ${Math.min(show, keys.length)}):`);
	for (const key of keys.slice(0, show)) console.log(`- ${label(key)}`);
}
process.exit(differing.length + onlyBefore.length + onlyAfter.length > 0 ? 1 : 0);
