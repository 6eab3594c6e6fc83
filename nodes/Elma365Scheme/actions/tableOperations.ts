import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { showFor } from '../../shared/display';
import { optionsCollection } from '../../shared/options/options';
import {
	applicationWithValueShapes,
	processTemplateWithValueShapes,
} from '../../shared/fields/valueShapes';
import { requireBoolean } from '../../shared/validation';
import type { Operation } from '../../shared/execution/operation';
import { apiPath, apiRequest, unwrapItem } from '../../shared/transport';
import type { PathParamName } from './pathParams';
import {
	isPathParam,
	pickerDependency,
	listOnlyProperties,
	pathParamProperties,
	readPathParam,
} from './pathParams';
import { listProperties, readSchemeList } from './schemeList';
import type { SchemeRow } from './table';
import { SCHEME_ROWS } from './table';

/** A path template split the way a tagged template is: literals around `{name}` variables. */
interface PathTemplate {
	literals: string[];
	names: PathParamName[];
}

/** Splits a row's path at its `{name}` variables; an unknown name is a mistake in the table. */
function parsePath(template: string): PathTemplate {
	const literals: string[] = [];
	const names: PathParamName[] = [];
	let rest = template;
	for (let match = /\{(\w+)\}/.exec(rest); match; match = /\{(\w+)\}/.exec(rest)) {
		if (!isPathParam(match[1]))
			throw new Error(`Unknown path variable {${match[1]}} in ${template}`);
		literals.push(rest.slice(0, match.index));
		names.push(match[1]);
		rest = rest.slice(match.index + match[0].length);
	}
	literals.push(rest);
	return { literals, names };
}

/** Reads (and validates) every variable of the template for one item, then builds the path with apiPath. */
function buildPath(
	ctx: IExecuteFunctions,
	itemIndex: number,
	template: PathTemplate,
): { path: string; values: IDataObject } {
	const values: IDataObject = {};
	const parts = template.names.map((name) => {
		const value = readPathParam(ctx, itemIndex, name);
		values[name] = value;
		return value;
	});
	const strings = Object.assign([...template.literals], {
		raw: [...template.literals],
	}) as TemplateStringsArray;
	return { path: apiPath(strings, ...parts), values };
}

/** Options > Add Value Shapes of the reads whose answer is a scheme with fields (SchemeRow.valueShapes). */
const addValueShapes: INodeProperties = {
	displayName: 'Add Value Shapes',
	name: 'addValueShapes',
	type: 'boolean',
	default: false,
	description:
		"Whether to add to each field of the scheme (an application's fields, a process template's context fields) valueShape, a short text of the value to send for it and the shape it is sent in, and for a field with listed values (ENUM) allowedValues, their codes and names. Made for AI agents that fill fields.",
};

/** What Add Value Shapes does to a scheme the row reads; undefined where it is off or not offered. */
function valueShapesOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	row: SchemeRow,
): ((scheme: IDataObject) => IDataObject) | undefined {
	if (!row.valueShapes) return undefined;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.addValueShapes === undefined) return undefined;
	if (!requireBoolean('Add Value Shapes', options.addValueShapes)) return undefined;
	return row.valueShapes === 'application'
		? applicationWithValueShapes
		: processTemplateWithValueShapes;
}

/** The request and output of one table row: a DELETE answers with what it deleted. */
function rowOperation(row: SchemeRow): Operation {
	const template = parsePath(row.path);
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const { path, values } = buildPath(this, itemIndex, template);
			const shapes = valueShapesOf(this, itemIndex, row);
			if (row.list)
				return await readSchemeList(
					this,
					itemIndex,
					{ method: row.method, path, paging: 'query' },
					shapes,
				);
			const response = await apiRequest(this, { method: row.method, path, itemIndex });
			if (row.method === 'DELETE') return { deleted: true, ...values, ...unwrapItem(response) };
			return shapes ? shapes(unwrapItem(response)) : unwrapItem(response);
		},
	};
}

/**
 * The parameters of a resource's table rows: each path value once per resource (with the section a
 * picker lists by, where the path lacks it), then the list options.
 */
function rowProperties(resource: string, own: SchemeRow[]): INodeProperties[] {
	const byParam = new Map<PathParamName, string[]>();
	// Operations whose picker lists by a value their path does not have (the section of a page).
	const listOnly = new Map<PathParamName, string[]>();
	for (const row of own) {
		const names = parsePath(row.path).names;
		for (const name of names) {
			byParam.set(name, [...(byParam.get(name) ?? []), row.operation]);
			const dependency = pickerDependency(name);
			if (dependency && !names.includes(dependency))
				listOnly.set(name, [...(listOnly.get(name) ?? []), row.operation]);
		}
	}
	const properties: INodeProperties[] = [];
	for (const [name, operations] of byParam) {
		const fillers = listOnly.get(name);
		if (fillers) properties.push(...showFor(resource, fillers, listOnlyProperties(name)));
		properties.push(...showFor(resource, operations, pathParamProperties(name)));
	}
	const lists = own.filter((row) => row.list).map((row) => row.operation);
	const shaped = (list: boolean) =>
		own
			.filter((row) => row.valueShapes && (row.list === true) === list)
			.map((row) => row.operation);
	// Lists have their Options collection; among them only those with value shapes offer the option.
	const listShapes = shaped(true);
	const listExtra =
		listShapes.length === 0
			? []
			: [
					listShapes.length === lists.length
						? addValueShapes
						: { ...addValueShapes, displayOptions: { show: { '/operation': listShapes } } },
				];
	if (lists.length > 0) properties.push(...showFor(resource, lists, listProperties(listExtra)));
	const readShapes = shaped(false);
	if (readShapes.length > 0)
		properties.push(...showFor(resource, readShapes, [optionsCollection([addValueShapes])]));
	return properties;
}

/** An operation as the operation selector offers it. */
export interface OperationEntry {
	operation: string;
	name: string;
	action: string;
}

/** The operation selector of a resource, sorted by name as n8n's lint expects. */
function operationSelector(
	resource: string,
	entries: OperationEntry[],
	defaultOperation: string,
): INodeProperties {
	const options: INodePropertyOptions[] = entries
		.map((entry) => ({
			name: entry.name,
			value: entry.operation,
			description: `${entry.action}`,
			action: entry.action,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
}

/** A resource as the node uses it: its parameters and its operations by value. */
export interface ResourceParts {
	description: INodeProperties[];
	operations: Record<string, Operation>;
}

/** An operation with a file of its own: the file's exports and its entry in the selector. */
export interface OperationFile {
	entry: OperationEntry;
	module: Operation & { description: INodeProperties[] };
}

/**
 * One resource: its rows of the table (SCHEME_ROWS), then the operations that have files of their
 * own (those with a body), each announced by its OperationEntry.
 */
export function tableResource(
	resource: string,
	defaultOperation: string,
	operationFiles: OperationFile[] = [],
): ResourceParts {
	const rows = SCHEME_ROWS.filter((row) => row.resource === resource);
	const operations: Record<string, Operation> = {};
	for (const row of rows) operations[row.operation] = rowOperation(row);
	for (const { entry, module } of operationFiles)
		operations[entry.operation] = {
			execute: module.execute,
			executeAll: module.executeAll,
			orderKey: module.orderKey,
			defaultConcurrency: module.defaultConcurrency,
		};
	const entries: OperationEntry[] = [...rows, ...operationFiles.map(({ entry }) => entry)];
	return {
		description: [
			operationSelector(resource, entries, defaultOperation),
			...rowProperties(resource, rows),
			...operationFiles.flatMap(({ module }) => module.description),
		],
		operations,
	};
}
