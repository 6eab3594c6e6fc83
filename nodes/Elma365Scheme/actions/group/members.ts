import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject, showFor } from '../../../shared/descriptions';
import { errorItem, forItem } from '../../../shared/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { invalidInput, requireUuid } from '../../../shared/validation';
import { pathParamProperties, readPathParam } from '../params';

/**
 * Group membership (add-items / remove-items). The body is not documented; the node sends the
 * member kinds the group's own lists are named after: {"users": [...], "positions": [...],
 * "subGroups": [...]}, only the non-empty ones, and "Body (JSON)" is merged over it for
 * installations that expect another shape. Items addressing the same group are sent in one request.
 */
const KINDS = [
	{ key: 'users', param: 'userIds', label: 'User IDs', what: 'users' },
	{ key: 'positions', param: 'positionIds', label: 'Position IDs', what: 'positions (org-structure items)' },
	{ key: 'subGroups', param: 'subGroupIds', label: 'Sub-Group IDs', what: 'groups' },
] as const;

type Members = Record<(typeof KINDS)[number]['key'], string[]>;

function splitIds(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (value === undefined || value === null) return [];
	if (typeof value !== 'string') return [value];
	return value.split(',').map((id) => id.trim()).filter(Boolean);
}

function memberProperties(operation: string, verb: string): INodeProperties[] {
	return showFor('group', operation, [
		...pathParamProperties('groupId'),
		...KINDS.map((kind): INodeProperties => ({
			displayName: kind.label,
			name: kind.param,
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
			description: `Comma-separated UUIDs (or an array from an expression) of ${kind.what} to ${verb}`,
		})),
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

function readChange(ctx: IExecuteFunctions, itemIndex: number): Change {
	const groupId = readPathParam(ctx, itemIndex, 'groupId');
	const members = {} as Members;
	for (const kind of KINDS) {
		members[kind.key] = splitIds(ctx.getNodeParameter(kind.param, itemIndex, '')).map((id) =>
			requireUuid(ctx, itemIndex, kind.label, id),
		);
	}
	const extra = readJsonObject(ctx, itemIndex, 'options.body', 'Body (JSON)');
	if (KINDS.every((kind) => members[kind.key].length === 0) && Object.keys(extra).length === 0) {
		throw invalidInput(ctx, itemIndex, 'User IDs, Position IDs or Sub-Group IDs', 'at least one member UUID', '');
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

export function membershipOperation(operation: 'addMembers' | 'removeMembers') {
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
					const change = readChange(this, itemIndex);
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
