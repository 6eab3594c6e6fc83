/**
 * Every resource-locator picker of every node, read from the built node descriptions (dist/), so a
 * new picker is walked without being listed here: for each node and each resource / operation /
 * event the form shows, the pickers it shows in the order of the form (a parent such as Section
 * before its Application), each with the editor's parameter path and its list method.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { NodeHelpers } = require(path.join(root, 'node_modules', 'n8n-workflow'));

/** The parameters that choose which form is shown, outermost first. */
const SELECTORS = ['resource', 'operation', 'event'];

/** Every node the package builds: `{type, description}` (type as `elma365App`). */
function packageNodes() {
	const nodesDir = path.join(root, 'dist', 'nodes');
	return fs
		.readdirSync(nodesDir)
		.filter((dir) => fs.existsSync(path.join(nodesDir, dir, `${dir}.node.js`)))
		.map((dir) => {
			const loaded = require(path.join(nodesDir, dir, `${dir}.node.js`));
			const description = new loaded[dir]().description;
			return { type: description.name, description };
		});
}

/** The list method of a resource locator, or undefined where it has no list mode. */
function listMethod(property) {
	if (property.type !== 'resourceLocator') return undefined;
	const mode = (property.modes ?? []).find((candidate) => candidate.type === 'list');
	return mode?.typeOptions?.searchListMethod;
}

/** Each combination of the selectors the form offers: `[{resource, operation}, ...]`. */
function forms(description) {
	let combinations = [{}];
	for (const selector of SELECTORS) {
		const next = [];
		for (const chosen of combinations) {
			const params = NodeHelpers.getNodeParameters(
				description.properties,
				chosen,
				true,
				false,
				{ typeVersion: 1 },
				description,
			);
			const shown = description.properties.find(
				(property) =>
					property.name === selector &&
					property.type === 'options' &&
					NodeHelpers.displayParameter(params, property, { typeVersion: 1 }, description),
			);
			if (!shown) next.push(chosen);
			else for (const option of shown.options) next.push({ ...chosen, [selector]: option.value });
		}
		combinations = next;
	}
	return combinations;
}

/**
 * The pickers a form shows: top-level ones and those inside a collection or fixedCollection (the
 * path of a fixedCollection row is its first row, as the editor names it).
 */
function pickersOf(description, chosen) {
	const node = { typeVersion: 1 };
	const params = NodeHelpers.getNodeParameters(
		description.properties,
		chosen,
		true,
		false,
		node,
		description,
	);
	const found = [];
	for (const property of description.properties) {
		if (!NodeHelpers.displayParameter(params, property, node, description)) continue;
		const method = listMethod(property);
		if (method) found.push({ name: property.name, path: `parameters.${property.name}`, method });
		if (property.type === 'collection')
			for (const inner of property.options ?? []) {
				const innerMethod = listMethod(inner);
				if (innerMethod)
					found.push({
						name: inner.name,
						path: `parameters.${property.name}.${inner.name}`,
						parent: [property.name],
						method: innerMethod,
					});
			}
		if (property.type === 'fixedCollection')
			for (const group of property.options ?? [])
				for (const inner of group.values ?? []) {
					const innerMethod = listMethod(inner);
					const row = property.typeOptions?.multipleValues ? `${group.name}[0]` : group.name;
					if (innerMethod)
						found.push({
							name: inner.name,
							path: `parameters.${property.name}.${row}.${inner.name}`,
							parent: [property.name, group.name, Boolean(property.typeOptions?.multipleValues)],
							method: innerMethod,
						});
				}
	}
	return found;
}

/**
 * Every form with a picker: `{type, displayName, chosen, pickers}`, `chosen` being the selectors
 * (`{resource, operation}`) and `pickers` `[{name, path, method, parent?}]` in the form's order.
 */
function pickerForms() {
	const all = new Map();
	for (const { type, description } of packageNodes())
		for (const shown of forms(description))
			for (const chosen of [shown, ...behindAChoice(description, shown)]) {
				const pickers = pickersOf(description, chosen);
				const key = `${type} ${JSON.stringify(chosen)}`;
				if (pickers.length > 0)
					all.set(key, { type, displayName: description.displayName, chosen, pickers });
			}
	return [...all.values()];
}

/**
 * The form again with each choice that shows a picker it hides (Task > Get Many's Tasks: "Of a
 * User" shows User): `[{...chosen, scope: 'performer'}]`.
 */
function behindAChoice(description, chosen) {
	const shownPaths = new Set(pickersOf(description, chosen).map((picker) => picker.path));
	const more = [];
	for (const property of description.properties) {
		const show = property.displayOptions?.show ?? {};
		if (!listMethod(property) || shownPaths.has(`parameters.${property.name}`)) continue;
		const extra = {};
		for (const [key, values] of Object.entries(show))
			if (!SELECTORS.includes(key) && typeof values?.[0] !== 'object') extra[key] = values[0];
		if (Object.keys(extra).length === 0) continue;
		const wider = { ...chosen, ...extra };
		if (pickersOf(description, wider).some((picker) => picker.name === property.name))
			more.push(wider);
	}
	return more;
}

/** Parameters with `value` set at a picker's place (top level, in a collection or in a row). */
function withPicked(parameters, picker, value) {
	const locator = { __rl: true, mode: 'list', value };
	if (!picker.parent) return { ...parameters, [picker.name]: locator };
	const [outer, group, multiple] = picker.parent;
	if (group === undefined)
		return {
			...parameters,
			[outer]: { ...(parameters[outer] ?? {}), [picker.name]: locator },
		};
	const row = { [picker.name]: locator };
	return { ...parameters, [outer]: { [group]: multiple ? [row] : row } };
}

module.exports = { pickerForms, withPicked };
