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
const PAIRS =
	'Specify Values > Using Field Codes and Values: the typed alternative to the form (or to JSON), for a code that comes from data or that the form does not list';
const PAIRS_NO_FORM =
	'Specify Values > Using Field Codes and Values: the vendor publishes no request that gives the fields of this form';
const IDS_OPTION =
	'Options > IDs: several IDs per item, comma-separated or an array from an expression (usually the __id of earlier output), which one picker cannot hold';
const AUTHORS =
	'Filters > Author IDs: several users per item, comma-separated or mapped from data; each is a user __id (ELMA365 User > Get Many)';
const NO_SCHEME_CODES =
	"Field Code of a list with no published scheme (users, tasks, process instances, directories, segments, subscribers): the vendor lists no fields for it; the code is one of the keys of the list's own output";
const INSTANCE =
	"Interrupt, Skip Step and Restart Step of many: the instance is read from every input item and all are sent in one request, so it is mapped from data (e.g. the __id of Instance > Get Many); the single-instance operations pick it from a template's instances";

export const REASONS = {
	'elma365App:name': PAIRS,
	'elma365Contract:name': PAIRS,
	'elma365Process:name': PAIRS,
	'elma365Process:name@restore': PAIRS_NO_FORM,
	'elma365Task:name': PAIRS_NO_FORM,
	'elma365App:ids': IDS_OPTION,
	'elma365Contract:ids': IDS_OPTION,
	'elma365File:ids': IDS_OPTION,
	'elma365Process:ids': IDS_OPTION,
	'elma365User:ids': IDS_OPTION,
	'elma365Marketing:ids': IDS_OPTION,
	'elma365Task:ids': IDS_OPTION,
	'elma365App:author': AUTHORS,
	'elma365Channel:author': AUTHORS,
	'elma365File:changedBy':
		'Search > Filters: a user __id from data; filter.__changedBy takes one user (ELMA365 User > Get Many lists them)',
	'elma365File:createdBy':
		'Search > Filters: a user __id from data; filter.__createdBy takes one user (ELMA365 User > Get Many lists them)',
	'elma365File:field': NO_SCHEME_CODES,
	'elma365Process:field': NO_SCHEME_CODES,
	'elma365User:field': NO_SCHEME_CODES,
	'elma365Marketing:field': NO_SCHEME_CODES,
	'elma365Task:field': NO_SCHEME_CODES,
	'elma365ProcessTrigger:field': NO_SCHEME_CODES,
	'elma365TaskTrigger:field': NO_SCHEME_CODES,
	'elma365File:fileIds':
		'Delete takes several files per item (comma-separated or an array), sent in one request: one picker holds one file; Get, Download, Get Download Link and Move pick theirs',
	'elma365Nomenclature:throughSerialId':
		'The vendor publishes no list of continuous numberings; the description says where the ID comes from (registrationSettings.throughSerialId of a case that uses it)',
	'elma365Process:restorePointId':
		'The vendor publishes no list of restore points (only bpmRestorePointRestore); the description says so',
	'elma365Process:targetId':
		'Get Many by Target: the target is any object a process runs for (an item of any application), given by its __id from data',
	'elma365Process:unselectedIds':
		'Move All to Version: instances to leave out, several per item (comma-separated or an array), usually mapped from Instance > Get Many',
	'elma365Process:instanceId': INSTANCE,
	'elma365Task:instanceId':
		'The process instance of the task, from the task itself (its output carries it); the vendor lists instances only by template or target',
	'elma365Marketing:externalId':
		"Segment > Create: the caller's own identifier for the segment (sent as externalId), not an ID of the platform",
	'elma365Scheme:positionIds':
		"Add Members: the vendor lists positions only inside a group (GET /scheme/groups/{id}/positions), i.e. those already in it; a position to add comes from another group's Get Positions (Remove Members picks from the group's own)",
};

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
