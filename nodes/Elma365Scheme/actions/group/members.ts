import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint } from '../../../shared/display';
import { optionsCollection } from '../../../shared/options/options';
import type { GroupMember } from '../../../shared/execution/grouped';
import type { ItemOutcome } from '../../../shared/execution/operation';
import { groupBy } from '../../../shared/execution/grouped';
import type { PickerRows } from '../../../shared/pickers/pickerRows';
import { pickerRows, readPickerRows, splitIds } from '../../../shared/pickers/pickerRows';
import { invalidInput, requireUuid } from '../../../shared/validation';
import { pathParamProperties, readPathParam } from '../pathParams';

/** The two group membership operations (add-items / remove-items). */
export type MembershipOperation = 'addMembers' | 'removeMembers';

/** The three kinds of member, each with its parameter, label and pickers. */
const KINDS = [
	{
		key: 'users',
		param: 'userIds',
		label: 'User IDs',
		what: 'users',
		rows: { row: 'user', displayName: 'User', listed: 'Users', searchListMethod: 'searchUsers' },
	},
	{
		key: 'positions',
		param: 'positionIds',
		label: 'Position IDs',
		what: 'positions (org-structure items)',
		// The API lists only the positions already in a group: enough to pick those to remove.
		rows: {
			row: 'position',
			displayName: 'Position',
			listed: 'Positions',
			searchListMethod: 'searchGroupPositions',
			only: 'removeMembers',
			dependsOn: 'groupId.value',
		},
	},
	{
		key: 'subGroups',
		param: 'subGroupIds',
		label: 'Sub-Group IDs',
		what: 'groups',
		rows: {
			row: 'group',
			displayName: 'Sub-Group',
			listed: 'Sub-Groups',
			searchListMethod: 'searchGroups',
		},
	},
] as const;

/** One kind of member. */
type Kind = (typeof KINDS)[number];
/** An item's members, by kind. */
type Members = Record<Kind['key'], string[]>;
/** The pickers of a kind; `only` limits them to one operation. */
type Rows = Omit<PickerRows, 'name' | 'what' | 'verb'> & { only?: MembershipOperation };

/** How a kind is given in `operation`: rows of pickers, or (undefined) a typed list. */
function rowsOf(kind: Kind, operation: MembershipOperation): Rows | undefined {
	const rows: Rows = kind.rows;
	return rows.only === undefined || rows.only === operation ? rows : undefined;
}

/** Positions to add (the vendor's reference lists only the positions already in a group): a typed list of IDs. */
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

/** The members' fields of `operation`, one per kind: rows of pickers, or a typed list. */
function memberFields(operation: MembershipOperation, verb: string): INodeProperties[] {
	return KINDS.map((kind): INodeProperties => {
		const rows = rowsOf(kind, operation);
		return rows
			? pickerRows({ ...rows, name: kind.param, what: kind.what, verb })
			: typedIds(kind, verb);
	});
}

/** Options > Body (JSON): switches to the object body for installations that take one. */
const membershipJsonBody: INodeProperties = {
	displayName: 'Body (JSON)',
	name: 'body',
	type: 'json',
	default: '{}',
	description: `${jsonEscapeHatchHint}: for installations whose membership body is an object. When set, the members are sent as {"users": [...], "positions": [...], "subGroups": [...]} merged with this JSON instead of as a bare list of IDs.`,
};

/** The form of Add and Remove Members: the group, its members by kind, and Options > Body (JSON). */
export function membershipFields(operation: MembershipOperation, verb: string): INodeProperties[] {
	return [
		...pathParamProperties('groupId'),
		...memberFields(operation, verb),
		optionsCollection([membershipJsonBody]),
	];
}

/** One item's membership change: the group, its members by kind and the extra body of Body (JSON). */
export interface Change {
	groupId: string;
	members: Members;
	extra: IDataObject;
}

/** A kind's typed list of IDs, each checked. */
function readTyped(ctx: IExecuteFunctions, itemIndex: number, kind: Kind): string[] {
	return splitIds(ctx.getNodeParameter(kind.param, itemIndex, '')).map((id) =>
		requireUuid(kind.label, id),
	);
}

/** Reads and checks one item's change; an item with no member at all is refused. */
export function readChange(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: MembershipOperation,
): Change {
	const groupId = readPathParam(ctx, itemIndex, 'groupId');
	const members = {} as Members;
	for (const kind of KINDS) {
		const rows = rowsOf(kind, operation);
		members[kind.key] = rows
			? readPickerRows(ctx, itemIndex, { ...rows, name: kind.param }).ids
			: readTyped(ctx, itemIndex, kind);
	}
	const extra = readJsonObject(ctx, itemIndex, 'options.body', 'Body (JSON)');
	if (KINDS.every((kind) => members[kind.key].length === 0) && Object.keys(extra).length === 0) {
		const fields = KINDS.map((kind) => rowsOf(kind, operation)?.listed ?? kind.label);
		throw invalidInput(
			`${fields.slice(0, -1).join(', ')} or ${fields[fields.length - 1]}`,
			'at least one member UUID',
			'',
		);
	}
	return { groupId, members, extra };
}

/** The documented form: every item's members as one list of IDs, without repeats. */
function idList(changes: Change[]): string[] {
	const ids: string[] = [];
	for (const change of changes) {
		for (const kind of KINDS)
			for (const id of change.members[kind.key]) if (!ids.includes(id)) ids.push(id);
	}
	return ids;
}

/** The object form (with Body (JSON)): lists are joined without repeats; other keys: the later item wins. */
function objectBody(changes: Change[]): IDataObject {
	const body: IDataObject = {};
	const add = (key: string, values: unknown[]) => {
		const list = (Array.isArray(body[key]) ? body[key] : []) as unknown[];
		for (const value of values) {
			if (!list.some((known) => JSON.stringify(known) === JSON.stringify(value))) list.push(value);
		}
		body[key] = list as IDataObject[];
	};
	for (const change of changes) {
		for (const kind of KINDS)
			if (change.members[kind.key].length > 0) add(kind.key, change.members[kind.key]);
	}
	for (const change of changes) {
		for (const [key, value] of Object.entries(change.extra)) {
			if (Array.isArray(value) && (body[key] === undefined || Array.isArray(body[key])))
				add(key, value);
			else body[key] = value;
		}
	}
	return body;
}

/**
 * The body of one group's request. It is not on the vendor's pages found: the node sends a bare
 * JSON array of the members' IDs (users, positions and groups together), as a client tested on a
 * real company does, and as the documented add-items answer (`addedItemIds`, one flat list)
 * suggests. Body (JSON) on any item switches to the object body {"users", "positions",
 * "subGroups"} merged with that JSON.
 */
export function membershipBody(changes: Change[]): IDataObject | string[] {
	const objectForm = changes.some((change) => Object.keys(change.extra).length > 0);
	return objectForm ? objectBody(changes) : idList(changes);
}

/** The items' changes grouped by group (one request each), in order of first appearance. */
export function byGroup(
	_ctx: IExecuteFunctions,
	members: Array<GroupMember<Change>>,
): Array<Array<GroupMember<Change>>> {
	return groupBy(members, (change) => change.groupId);
}

/** An item's output: the answer, with `addedItemIds` narrowed to that item's own members. */
function memberOutput(answer: IDataObject, groupId: string, change: Change): IDataObject {
	const json: IDataObject = { ...answer, groupId, ...change.members };
	if (Array.isArray(answer.addedItemIds)) {
		const own = KINDS.flatMap((kind) => change.members[kind.key]);
		json.addedItemIds = (answer.addedItemIds as unknown[]).filter((id) =>
			own.includes(String(id)),
		) as string[];
	}
	return json;
}

/** Every item of a group outputs the one answer with its group and its own members. */
export function memberOutcomes(answer: IDataObject, changes: Change[]): ItemOutcome[] {
	return changes.map((change) => ({ result: memberOutput(answer, change.groupId, change) }));
}
