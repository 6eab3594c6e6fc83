/**
 * The editor calls a node's list, dropdown and field-mapper methods as soon as its form opens, before
 * anything is chosen. None of them may fail then (n8n answers a thrown error with HTTP 500 and logs
 * its stack): every method of every node is called with a fresh node's parameters.
 */
import type { INodeParameters, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { loadOptions, loadPackage, resourceMapperFields, searchList } from '../harness/engine';
import { usePlatform } from '../harness/setup';

const t = usePlatform();

interface Call {
	node: string;
	kind: 'listSearch' | 'loadOptions' | 'resourceMapping';
	method: string;
	parameters: INodeParameters;
}

/** Every method of every node, with the parameters a freshly added node has. */
async function calls(): Promise<Call[]> {
	const loader = await loadPackage();
	const all: Call[] = [];
	for (const [node, { type }] of Object.entries(loader.nodeTypes)) {
		const description = (type as INodeType).description as INodeTypeDescription;
		const parameters =
			NodeHelpers.getNodeParameters(description.properties, {}, true, false, null, description) ??
			{};
		for (const kind of ['listSearch', 'loadOptions', 'resourceMapping'] as const) {
			for (const method of Object.keys((type as INodeType).methods?.[kind] ?? {}))
				all.push({ node, kind, method, parameters });
		}
	}
	return all;
}

/** The methods that list something of a chosen object (its section, application, template, group, segment). */
const DEPENDENT = new Set([
	'searchApplications',
	'searchItems',
	'searchContractItems',
	'searchProcessTemplates',
	'searchProcessTemplateIds',
	'searchInstanceTemplates',
	'searchGroupPositions',
	'searchPages',
	'searchDocumentTemplates',
	'searchSegmentSubscribers',
	'getFieldCodes',
	'getStatuses',
	'getStatusGroups',
	'getApplicationFields',
	'getProcessContextFields',
]);

test('every method of every node answers a fresh node without an error; those that depend on a choice answer empty, without a request', async () => {
	const list = await calls();
	for (const name of DEPENDENT)
		expect(list.filter((call) => call.method === name).length).toBeGreaterThan(0);
	const failures: string[] = [];
	for (const call of list) {
		const options = {
			nodeType: call.node,
			parameters: call.parameters,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method: call.method,
		};
		const before = t.platform.requests.length;
		try {
			const answer =
				call.kind === 'listSearch'
					? await searchList(options)
					: call.kind === 'loadOptions'
						? await loadOptions(options)
						: await resourceMapperFields(options);
			if (DEPENDENT.has(call.method)) {
				const empty =
					call.kind === 'listSearch'
						? { results: [] }
						: call.kind === 'loadOptions'
							? []
							: expect.objectContaining({
									fields: [],
									emptyFieldsNotice: expect.stringMatching(
										/^Choose the .+ above to see its fields$/,
									),
								});
				expect(answer).toEqual(empty);
				expect(t.platform.requests.length).toBe(before);
			}
		} catch (error) {
			failures.push(`${call.node} ${call.method}: ${(error as Error).message}`);
		}
	}
	expect(failures).toEqual([]);
	expect(list.length).toBeGreaterThan(40);
});
