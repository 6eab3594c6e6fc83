import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject, showFor } from '../../../shared/descriptions';
import { errorItem, forItem } from '../../../shared/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { beforeVersion, MORE_PICKERS_VERSION, sinceVersion, uuidLocator } from '../../../shared/locators';
import { invalidInput, requireUuid } from '../../../shared/validation';
import { pathParamProperties, readPathParam } from '../params';

/**
 * Group membership (add-items / remove-items). The body is not documented; the node sends the
 * member kinds the group's own lists are named after: {"users": [...], "positions": [...],
 * "subGroups": [...]}, only the non-empty ones, and "Body (JSON)" is merged over it for
 * installations that expect another shape. Items addressing the same group are sent in one request.
 */
type Operation = 'addMembers' | 'removeMembers';

const KINDS = [
	{ key: 'users', param: 'userIds', label: 'User IDs', what: 'users', rows: { name: 'user', displayName: 'User', listed: 'Users', method: 'searchUsers' } },
	{
		key: 'positions', param: 'positionIds', label: 'Position IDs', what: 'positions (org-structure items)',
		// The API lists only the positions already in a group: enough to pick those to remove.
		rows: { name: 'position', displayName: 'Position', listed: 'Positions', method: 'searchGroupPositions', only: 'removeMembers', dependsOn: 'groupId.value' },
	},
	{ key: 'subGroups', param: 'subGroupIds', label: 'Sub-Group IDs', what: 'groups', rows: { name: 'group', displayName: 'Sub-Group', listed: 'Sub-Groups', method: 'searchGroups' } },
] as const;

type Kind = (typeof KINDS)[number];
type Members = Record<Kind['key'], string[]>;
type Rows = Kind['rows'] & { only?: Operation; dependsOn?: string };

/** How a kind is given in `operation` from version 1.2: rows of pickers, or (undefined) a typed list. */
function rowsOf(kind: Kind, operation: Operation): Rows | undefined {
	const rows: Rows = kind.rows;
	return rows.only === undefined || rows.only === operation ? rows : undefined;
}

function splitIds(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (value === undefined || value === null) return [];
	if (typeof value !== 'string') return [value];
	return value.split(',').map((id) => id.trim()).filter(Boolean);
}

/** Versions 1 and 1.1, and positions (the spec has no list of them) in every version: a typed list of IDs. */
function typedIds(kind: Kind, verb: string): INodeProperties {
	return {
		displayName: kind.label,
		name: kind.param,
		type: 'string',
		default: '',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
		description: `Comma-separated UUIDs (or an array from an expression) of ${kind.what} to ${verb}`,
	};
}

/**
 * From version 1.2, users and sub-groups under the same names: rows, each picked from the platform's
 * list or typed by ID; a row set to an expression may give several IDs (an array or comma-separated).
 */
function pickedIds(kind: Kind, rows: Rows, verb: string): INodeProperties {
	const locator = uuidLocator({ displayName: rows.displayName, name: 'id', searchListMethod: rows.method, description: `The ${rows.displayName.toLowerCase()} to ${verb}` });
	if (rows.dependsOn) locator.typeOptions = { loadOptionsDependsOn: [rows.dependsOn] };
	return {
		displayName: rows.listed,
		name: kind.param,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${rows.displayName}`,
		default: {},
		description: `The ${kind.what} to ${verb}. A row set to an expression may give several IDs: an array or comma-separated text.`,
		options: [
			{
				displayName: rows.displayName,
				name: rows.name,
				values: [locator],
			},
		],
	};
}

function memberProperties(operation: Operation, verb: string): INodeProperties[] {
	return showFor('group', operation, [
		...pathParamProperties('groupId'),
		...KINDS.flatMap((kind): INodeProperties[] => {
			const rows = rowsOf(kind, operation);
			if (!rows) return [typedIds(kind, verb)];
			return [...beforeVersion([typedIds(kind, verb)], MORE_PICKERS_VERSION), ...sinceVersion([pickedIds(kind, rows, verb)], MORE_PICKERS_VERSION)];
		}),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Body (JSON)',
					name: 'body',
					type: 'json',
					default: '{}',
					description: `${jsonEscapeHatchHint}: for installations whose membership body has another shape, e.g. {"items": [...]}`,
				},
			],
		},
	]);
}

interface Change {
	itemIndex: number;
	groupId: string;
	members: Members;
	extra: IDataObject;
}

function readTyped(ctx: IExecuteFunctions, itemIndex: number, kind: Kind): string[] {
	return splitIds(ctx.getNodeParameter(kind.param, itemIndex, '')).map((id) => requireUuid(ctx, itemIndex, kind.label, id));
}

/** The IDs of every row, in order; n8n reads a picker inside a row by its indexed path. */
function readRows(ctx: IExecuteFunctions, itemIndex: number, kind: Kind, rows: Rows): string[] {
	const path = `${kind.param}.${rows.name}`;
	const entries = (ctx.getNodeParameter(path, itemIndex, []) as unknown[]) ?? [];
	return entries.flatMap((_row, position) =>
		splitIds(ctx.getNodeParameter(`${path}[${position}].id`, itemIndex, '', { extractValue: true })).map((id) =>
			requireUuid(ctx, itemIndex, `${rows.listed} (entry ${position + 1})`, id),
		),
	);
}

function readChange(ctx: IExecuteFunctions, itemIndex: number, operation: Operation): Change {
	const groupId = readPathParam(ctx, itemIndex, 'groupId');
	const picked = ctx.getNode().typeVersion >= MORE_PICKERS_VERSION;
	const rowsFor = (kind: Kind) => (picked ? rowsOf(kind, operation) : undefined);
	const members = {} as Members;
	for (const kind of KINDS) {
		const rows = rowsFor(kind);
		members[kind.key] = rows ? readRows(ctx, itemIndex, kind, rows) : readTyped(ctx, itemIndex, kind);
	}
	const extra = readJsonObject(ctx, itemIndex, 'options.body', 'Body (JSON)');
	if (KINDS.every((kind) => members[kind.key].length === 0) && Object.keys(extra).length === 0) {
		const fields = KINDS.map((kind) => rowsFor(kind)?.listed ?? kind.label);
		throw invalidInput(ctx, itemIndex, `${fields.slice(0, -1).join(', ')} or ${fields[fields.length - 1]}`, 'at least one member UUID', '');
	}
	return { itemIndex, groupId, members, extra };
}

/** Lists are joined without repeats; other keys of the JSON bodies: the later item wins. */
function mergeBodies(changes: Change[]): IDataObject {
	const body: IDataObject = {};
	const add = (key: string, values: unknown[]) => {
		const list = (Array.isArray(body[key]) ? body[key] : []) as unknown[];
		for (const value of values) {
			if (!list.some((known) => JSON.stringify(known) === JSON.stringify(value))) list.push(value);
		}
		body[key] = list as IDataObject[];
	};
	for (const change of changes) {
		for (const kind of KINDS) if (change.members[kind.key].length > 0) add(kind.key, change.members[kind.key]);
	}
	for (const change of changes) {
		for (const [key, value] of Object.entries(change.extra)) {
			if (Array.isArray(value) && (body[key] === undefined || Array.isArray(body[key]))) add(key, value);
			else body[key] = value;
		}
	}
	return body;
}

export function membershipOperation(operation: Operation) {
	const adding = operation === 'addMembers';
	const endpoint = adding ? 'add-items' : 'remove-items';
	return {
		entry: {
			operation,
			name: adding ? 'Add Members' : 'Remove Members',
			action: adding ? 'Add members to a group' : 'Remove members from a group',
		},
		description: memberProperties(operation, adding ? 'add' : 'remove'),
		/** Every input item is read and checked first; then one request per group with all its items' members. */
		async executeAll(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
			const output: Array<INodeExecutionData | undefined> = new Array(items.length);
			const batches = new Map<string, Change[]>();
			for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
				try {
					const change = readChange(this, itemIndex, operation);
					batches.set(change.groupId, [...(batches.get(change.groupId) ?? []), change]);
				} catch (error) {
					if (!this.continueOnFail()) throw forItem(this, error, itemIndex);
					output[itemIndex] = errorItem(error, itemIndex);
				}
			}
			for (const [groupId, changes] of batches) {
				const first = changes[0].itemIndex;
				try {
					const response = await apiRequest(this, {
						method: 'POST',
						path: apiPath`/scheme/groups/${groupId}/${endpoint}`,
						body: mergeBodies(changes),
						idempotent: true,
						itemIndex: first,
					});
					const answer = unwrapItem(response);
					for (const change of changes) {
						output[change.itemIndex] = {
							json: { ...answer, groupId, ...change.members },
							pairedItem: { item: change.itemIndex },
						};
					}
				} catch (error) {
					if (!this.continueOnFail()) throw forItem(this, error, first);
					for (const change of changes) output[change.itemIndex] = errorItem(error, change.itemIndex);
				}
			}
			return output.filter((item): item is INodeExecutionData => item !== undefined);
		},
	};
}
