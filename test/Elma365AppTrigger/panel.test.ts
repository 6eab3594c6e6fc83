/**
 * What n8n's node panel shows of the package's triggers (App, Process and Task), by the editor's
 * own rule (useActionsGenerator, generateMergedNodesAndActions in n8n's editor): a trigger named
 * `<X>Trigger` is merged into the action node `<X>`, whose panel then lists as its triggers the
 * options of the trigger's FIRST property whose display name, lower-cased, is "event", "events" or
 * "trigger on"; a trigger with no such action node (the Event Trigger) is offered on its own;
 * hidden nodes are not offered.
 */
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';

const EVENT_NAMES = ['event', 'events', 'trigger on'];

async function descriptions(): Promise<INodeTypeDescription[]> {
	const loader = await loadPackage();
	return Object.values(loader.nodeTypes).map(
		({ type }) => type.description as INodeTypeDescription,
	);
}

/** The action node each offered trigger merges into, with the panel's entries for it. */
async function panelTriggers(): Promise<Record<string, string[]>> {
	const all = await descriptions();
	const names = new Set(all.map((d) => d.name));
	const merged: Record<string, string[]> = {};
	for (const trigger of all.filter((d) => d.group.includes('trigger') && !d.hidden)) {
		const actionNode = trigger.name.replace('Trigger', '');
		if (!names.has(actionNode)) {
			merged[trigger.name] = ['(on its own)'];
			continue;
		}
		const selector = trigger.properties.find((p: INodeProperties) =>
			EVENT_NAMES.includes(p.displayName.toLowerCase()),
		);
		merged[actionNode] = ((selector?.options ?? []) as INodePropertyOptions[]).map(
			(option) => `${option.value}: ${option.action ?? `On ${option.name}`}`,
		);
	}
	return merged;
}

test('every event is listed under the action node of its area, with its action text', async () => {
	expect(await panelTriggers()).toEqual({
		elma365App: [
			'newItem: On new item',
			'updatedItem: On updated item',
			'statusEntered: On item entered a status',
		],
		elma365Process: ['newInstance: On new process instance'],
		elma365Task: ['newTask: On new task'],
		elma365EventTrigger: ['(on its own)'],
	});
});

/**
 * The description n8n shows on each entry: a merged entry (both views, and the node details it
 * opens) takes its trigger's, every other entry its own.
 */
async function panelDescriptions(): Promise<Record<string, string>> {
	const all = await descriptions();
	const byName = new Map(all.map((d) => [d.name, d]));
	const shown: Record<string, string> = {};
	for (const node of all.filter((d) => !d.hidden)) shown[node.name] = node.description;
	for (const trigger of all.filter((d) => d.group.includes('trigger'))) {
		const actionNode = byName.get(trigger.name.replace('Trigger', ''));
		if (!actionNode) continue;
		shown[actionNode.name] = trigger.description;
		delete shown[trigger.name];
	}
	return shown;
}

test("a merged entry's description says what the action node does and what its trigger does", async () => {
	const shown = await panelDescriptions();
	expect([shown.elma365App, shown.elma365Task, shown.elma365Process]).toEqual([
		'Create, read, update and set the status of ELMA365 application items, or start the workflow when items appear, change or enter a status',
		"List, complete and reassign ELMA365 tasks, or start the workflow when a task appears in a user's task list",
		'Start ELMA365 business processes and control their instances, or start the workflow when a process is started from a template',
	]);
	// Only the trigger offered on its own reads as a trigger.
	expect(
		Object.entries(shown)
			.filter(([, text]) => text.startsWith('Starts the workflow'))
			.map(([name]) => name),
	).toEqual(['elma365EventTrigger']);
});

test('the package has the three area triggers, each with one Event property, and the Event Trigger, none hidden, each with a display name n8n shows as its own', async () => {
	const triggers = (await descriptions()).filter((d) => d.group.includes('trigger'));
	expect(triggers.map((d) => [d.name, d.displayName, d.version, d.hidden])).toEqual(
		expect.arrayContaining([
			['elma365AppTrigger', 'ELMA365 App Trigger', 1, undefined],
			['elma365ProcessTrigger', 'ELMA365 Process Trigger', 1, undefined],
			['elma365TaskTrigger', 'ELMA365 Task Trigger', 1, undefined],
			['elma365EventTrigger', 'ELMA365 Event Trigger', 1, undefined],
		]),
	);
	expect(triggers).toHaveLength(4);
	for (const trigger of triggers.filter((d) => d.polling))
		expect(trigger.properties.filter((p) => p.name === 'event')).toHaveLength(1);
});

/** The editor methods a description names anywhere (pickers, dropdowns), by kind. */
function namedMethods(value: unknown, found = new Set<string>()): Set<string> {
	if (Array.isArray(value)) value.forEach((entry) => namedMethods(entry, found));
	else if (value && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			if (key === 'searchListMethod') found.add(`listSearch.${String(entry)}`);
			else if (key === 'loadOptionsMethod') found.add(`loadOptions.${String(entry)}`);
			else namedMethods(entry, found);
		}
	}
	return found;
}

test.each([
	'elma365AppTrigger',
	'elma365ProcessTrigger',
	'elma365TaskTrigger',
	'elma365EventTrigger',
])('%s has every picker and dropdown method its parameters name', async (name) => {
	const loader = await loadPackage();
	const { type } = loader.nodeTypes[name];
	const methods = (type as { methods?: Record<string, Record<string, unknown>> }).methods ?? {};
	const named = [...namedMethods((type.description as INodeTypeDescription).properties)];
	expect(named.length).toBeGreaterThan(0);
	for (const method of named) {
		const [kind, key] = method.split('.');
		expect([method, typeof methods[kind]?.[key]]).toEqual([method, 'function']);
	}
});
