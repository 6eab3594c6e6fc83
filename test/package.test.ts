import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';
import { loadPackage, PACKAGE_DIR } from './harness/engine';

const pkg = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8'));

test('package.json is a community node package with no runtime dependencies', () => {
	expect(pkg.name).toBe('n8n-nodes-elma365');
	expect(pkg.keywords).toContain('n8n-community-node-package');
	// What n8n loads, and nothing else that the build leaves in dist/.
	expect(pkg.files).toEqual(['dist/credentials', 'dist/icons', 'dist/nodes']);
	expect(pkg.main).toBeUndefined();
	expect(pkg.dependencies ?? {}).toEqual({});
	expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	expect(pkg.license).toBe('MIT');
	expect(pkg.n8n.credentials).toEqual(['dist/credentials/Elma365Api.credentials.js']);
});

test('n8n loads every node and credential listed in the n8n section', async () => {
	const loader = await loadPackage();
	const listed = (pkg.n8n.nodes as string[]).map((file) => path.basename(file, '.node.js'));
	const names = listed.map((className) => className[0].toLowerCase() + className.slice(1));
	expect(Object.keys(loader.nodeTypes).sort()).toEqual([...names].sort());
	expect(Object.keys(loader.credentialTypes)).toEqual(['elma365Api']);
});

/** The icon pair (icons/<area>.svg, icons/<area>.dark.svg) each listed node shows. */
const ICON_AREA: Record<string, string> = {
	Elma365App: 'app',
	Elma365Contract: 'contract',
	Elma365Report: 'report',
	Elma365Nomenclature: 'nomenclature',
	Elma365File: 'file',
	Elma365Scheme: 'scheme',
	Elma365Process: 'process',
	Elma365User: 'user',
	Elma365Telephony: 'telephony',
	Elma365Marketing: 'marketing',
	Elma365Task: 'task',
	Elma365Storage: 'storage',
	Elma365Channel: 'channel',
	Elma365Module: 'module',
	Elma365AppTrigger: 'app',
	Elma365ProcessTrigger: 'process',
	Elma365TaskTrigger: 'task',
	Elma365EventTrigger: 'event',
};

test('every listed node has an icon area, and each area its own pair of files', () => {
	const listed = (pkg.n8n.nodes as string[]).map((file) => path.basename(file, '.node.js'));
	expect(Object.keys(ICON_AREA).sort()).toEqual([...listed].sort());
	for (const area of new Set(Object.values(ICON_AREA))) {
		const light = readFileSync(path.join(PACKAGE_DIR, 'icons', `${area}.svg`), 'utf8');
		const dark = readFileSync(path.join(PACKAGE_DIR, 'icons', `${area}.dark.svg`), 'utf8');
		expect(light).not.toBe(dark);
		for (const svg of [light, dark]) {
			expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
			expect(svg).not.toMatch(/<(text|script|image|use)\b|href=/);
		}
	}
	expect(new Set(Object.values(ICON_AREA)).size).toBe(15);
});

describe.each((pkg.n8n.nodes as string[]).map((file) => [path.basename(file, '.node.js'), file]))(
	'%s',
	(className, file) => {
		test('has its description, themed icons, codex, credential and tool use', async () => {
			const loader = await loadPackage();
			const name = className[0].toLowerCase() + className.slice(1);
			const description = loader.nodeTypes[name].type.description as INodeTypeDescription;
			expect(description.name).toBe(name);
			expect(description.displayName).toMatch(/^ELMA365 /);
			expect(description.credentials).toEqual([
				{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' },
			]);
			const trigger = description.polling === true || description.webhooks !== undefined;
			if (trigger) {
				// A trigger starts workflows: no input, no operation, not a tool.
				expect(description.inputs).toEqual([]);
				expect(description.subtitle).toMatch(/event/);
			} else {
				expect(description.usableAsTool).toBe(true);
				expect(description.subtitle).toMatch(/operation/);
			}
			// The loader turns `icon: {light, dark}` into URLs under icons/<package>/ that n8n serves from the package.
			const iconUrl = loader.types.nodes.find((node) => node.name === name)?.iconUrl as {
				light: string;
				dark: string;
			};
			// Each node shows its area's pair (a trigger its action node's); the credential keeps elma365.svg.
			const area = ICON_AREA[className];
			expect(iconUrl).toEqual({
				light: `icons/n8n-nodes-elma365/dist/icons/${area}.svg`,
				dark: `icons/n8n-nodes-elma365/dist/icons/${area}.dark.svg`,
			});
			for (const url of [iconUrl.light, iconUrl.dark]) {
				expect(
					existsSync(path.join(PACKAGE_DIR, url.slice('icons/n8n-nodes-elma365/'.length))),
				).toBe(true);
			}
			const dir = path.dirname(path.join(PACKAGE_DIR, file));
			const codex = JSON.parse(readFileSync(path.join(dir, `${className}.node.json`), 'utf8'));
			expect(codex.node).toBe(`n8n-nodes-elma365.${name}`);
			expect(codex.categories.length).toBeGreaterThan(0);
			expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
			// n8n's node panel finds a node by these words; a tool-usable node's Tool variant is listed under AI > Tools.
			const loaded = description.codex as {
				alias?: string[];
				subcategories?: Record<string, string[]>;
			};
			expect(loaded.alias).toEqual(expect.arrayContaining(['ELMA', 'BRIX365']));
			expect(loaded.subcategories).toEqual(trigger ? undefined : { Tools: ['Other Tools'] });
		});
	},
);

/** Every parameter of a description, nested ones (collections, fixed collections) included. */
function allParameters(properties: unknown[]): Array<Record<string, unknown>> {
	return properties.flatMap((entry) => {
		const property = entry as Record<string, unknown>;
		const nested = [property.options, property.values].filter(Array.isArray) as unknown[][];
		return [property, ...nested.flatMap(allParameters)];
	});
}

test("n8n's AI Workflow Builder finds every node by its hint, and every picker says where its value comes from", async () => {
	const loader = await loadPackage();
	const names = Object.keys(loader.nodeTypes);
	for (const name of names) {
		const description = loader.nodeTypes[name].type.description as INodeTypeDescription;
		const hint = description.builderHint;
		expect({ name, searchHint: hint?.searchHint }).toEqual({
			name,
			searchHint: expect.stringMatching(/^.{120,}$/s),
		});
		expect(hint?.relatedNodes?.length).toBeGreaterThan(0);
		for (const { nodeType, relationHint } of hint?.relatedNodes ?? []) {
			const [pkgName, node] = nodeType.split('.');
			if (pkgName === 'n8n-nodes-elma365') {
				expect({ name, node, listed: names.includes(node) && node !== name }).toEqual({
					name,
					node,
					listed: true,
				});
			} else {
				expect(nodeType).toMatch(/^n8n-nodes-base\.[a-z][A-Za-z]+$/);
			}
			expect(relationHint.length).toBeGreaterThan(10);
		}
		for (const parameter of allParameters(description.properties)) {
			if (parameter.type !== 'resourceLocator') continue;
			const propertyHint = (parameter.builderHint as { propertyHint?: string } | undefined)
				?.propertyHint;
			const modes = (parameter.modes as Array<{ name: string }>).map((mode) => mode.name);
			const typed = modes.find((mode) => mode !== 'list');
			// The hint names a mode the picker has, and where a typed value comes from.
			expect({ name, parameter: parameter.name, propertyHint }).toEqual({
				name,
				parameter: parameter.name,
				propertyHint: expect.stringContaining(`mode '${typed}' with `),
			});
			expect(propertyHint).not.toContain('the ID of the object');
		}
		// n8n's lint (no-builder-hint-leakage) reads only literal hints; most here are built from text.
		const hints = [
			hint?.searchHint,
			...(hint?.relatedNodes ?? []).map((related) => related.relationHint),
			...allParameters(description.properties).map(
				(parameter) =>
					(parameter.builderHint as { propertyHint?: string } | undefined)?.propertyHint,
			),
		].filter((text): text is string => typeof text === 'string');
		for (const text of hints) expect(text).not.toMatch(/={{|\bai_[A-Za-z]+\b/);
	}
});
