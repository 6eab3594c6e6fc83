/**
 * Every purpose the vendor publishes is reachable from a node: each operation of
 * test/harness/vendorOperations.ts (GET and POST twins of one purpose counted once) is named in the
 * Request column of a node page's operations table (docs/nodes/<node>.md), and every row of those
 * tables names a resource and an operation the node really offers. The pages say which request each
 * operation sends; each operation's own test asserts that request on the wire.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { VENDOR_OPERATIONS } from '../harness/vendorOperations';

const root = path.resolve(__dirname, '../..');
const pagesDir = path.join(root, 'docs/nodes');

/** Published operations no node offers, each with the reason its node page gives. */
const NOT_OFFERED: Record<string, string> = {
	'POST /help': 'scheme.md',
};

/** `{namespace}`, `{id}`, `<uuid>`… all read as one path variable. */
const normalise = (method: string, route: string) =>
	`${method} ${route.replace(/^\/pub\/v1/, '').replace(/[{<][^}>]*[}>]/g, '{}')}`;

/** A GET/POST twin's operationId is the other's with `GET`, `Get`, `POST` or `Post` added. */
const suffix = /(GET|POST|Post)$/;
const areTwins = (one: string, other: string) =>
	one.replace(suffix, '') === other.replace(suffix, '') ||
	one === `${other}Get` ||
	other === `${one}Get`;

/** One purpose per operation; a GET and a POST twin (`appListGET`/`appList`) share one. */
function purposes(): Map<string, string[]> {
	const byPurpose = new Map<string, string[]>();
	for (const [method, route, operationId] of VENDOR_OPERATIONS) {
		const twin = VENDOR_OPERATIONS.find(
			([otherMethod, otherRoute, otherId]) =>
				otherRoute === route &&
				otherMethod !== method &&
				[method, otherMethod].every((one) => one === 'GET' || one === 'POST') &&
				areTwins(operationId, otherId),
		);
		const key = twin ? `twins ${route}` : `${method} ${route}`;
		byPurpose.set(key, [...(byPurpose.get(key) ?? []), normalise(method, route)]);
	}
	return byPurpose;
}

interface PageRow {
	page: string;
	resource: string;
	operation: string;
	requests: string[];
}

/** The operations table of a node page: Resource | Operation | Request | …. */
function pageRows(page: string): PageRow[] {
	const lines = fs.readFileSync(path.join(pagesDir, page), 'utf8').split('\n');
	const header = lines.findIndex((line) => /^\| Resource \| Operation \| Request \|/.test(line));
	if (header < 0) return [];
	const rows: PageRow[] = [];
	for (const line of lines.slice(header + 2)) {
		if (!line.startsWith('|')) break;
		const [resource, operation, request] = line
			.split(' | ')
			.map((cell) => cell.replace(/^\| /, ''));
		let method = '';
		const requests: string[] = [];
		for (const match of request.matchAll(/`(?:(GET|POST|PUT|PATCH|DELETE) )?(\/[^`\s,?]+)/g)) {
			method = match[1] ?? method;
			if (method) requests.push(normalise(method, match[2]));
		}
		rows.push({ page, resource, operation, requests });
	}
	return rows;
}

const pages = fs
	.readdirSync(pagesDir)
	.filter((file) => file.endsWith('.md') && file !== 'README.md');
const rows = pages.flatMap(pageRows);
const documented = new Set(rows.flatMap((row) => row.requests));

/** The node each page documents, from the package's n8n section (`ELMA365 App` -> app.md). */
function nodeDescriptions(): Map<string, INodeTypeDescription> {
	const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const byPage = new Map<string, INodeTypeDescription>();
	for (const file of manifest.n8n.nodes as string[]) {
		const module = createRequire(__filename)(path.join(root, file));
		const NodeClass = Object.values(module)[0] as new () => { description: INodeTypeDescription };
		const { description } = new NodeClass();
		const page = `${description.displayName.replace(/^ELMA365 /, '').toLowerCase()}.md`;
		byPage.set(page, description);
	}
	return byPage;
}

const optionNames = (property: INodeProperties | undefined) =>
	((property?.options ?? []) as INodePropertyOptions[]).map((option) => option.name);

describe('every published purpose is reachable from a node', () => {
	it('counts 132 purposes in the 154 published operations', () => {
		expect(VENDOR_OPERATIONS).toHaveLength(154);
		expect(purposes().size).toBe(132);
	});

	it('names each purpose in a node page, save those the docs say are not offered', () => {
		const missing = [...purposes()]
			.filter(([, requests]) => !requests.some((request) => documented.has(request)))
			.map(([, requests]) => requests.join(' | '))
			.filter((request) => !(request in NOT_OFFERED));
		expect(missing).toEqual([]);
	});

	it('says in the node page why an operation is not offered', () => {
		for (const [request, page] of Object.entries(NOT_OFFERED)) {
			const text = fs.readFileSync(path.join(pagesDir, page), 'utf8');
			expect(text).toContain(request.replace(/^\w+ /, ''));
			expect(documented.has(normalise(...(request.split(' ') as [string, string])))).toBe(false);
		}
	});

	it('documents only requests the vendor publishes', () => {
		const published = new Set(VENDOR_OPERATIONS.map(([method, route]) => normalise(method, route)));
		const unpublished = rows.flatMap((row) =>
			row.requests
				.filter((request) => !published.has(request))
				.map((request) => `${row.page}: ${request}`),
		);
		expect(unpublished).toEqual([]);
	});

	it('documents resources and operations the nodes offer', () => {
		const descriptions = nodeDescriptions();
		const unknown: string[] = [];
		for (const row of rows) {
			const description = descriptions.get(row.page);
			if (!description) {
				unknown.push(`${row.page}: no node`);
				continue;
			}
			const resources = description.properties.filter((property) => property.name === 'resource');
			const resource = resources
				.flatMap((property) => property.options as INodePropertyOptions[])
				.find((option) => option.name === row.resource);
			if (!resource) {
				unknown.push(`${row.page}: resource ${row.resource}`);
				continue;
			}
			const operations = description.properties
				.filter(
					(property) =>
						property.name === 'operation' &&
						(property.displayOptions?.show?.resource ?? [resource.value]).includes(resource.value),
				)
				.flatMap(optionNames);
			const operation = row.operation.split(/,| \(/)[0].trim();
			if (!operations.includes(operation))
				unknown.push(`${row.page}: ${row.resource} > ${operation}`);
		}
		expect(unknown).toEqual([]);
	});
});
