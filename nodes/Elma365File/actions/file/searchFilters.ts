import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { isObject } from '../../../shared/utils';
import { requireDateTime, requireText, requireUuid } from '../../../shared/validation';
import { directoryLocator, readOptionalDirectory } from '../diskParameters';

/** The directory to search in: optional, picked from the disk's directories or typed as an ID. */
export const searchDirectory: INodeProperties = directoryLocator(
	'Only files in this directory, sent as filter.directory; left empty, every directory is searched',
	false,
);

/**
 * The documented conditions of the file search (reference page
 * https://api.brix365.com/en/public-api/reference/disk/searchfiles), one option per condition.
 */
export const searchFilters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			displayName: 'Changed By (User ID)',
			name: 'changedBy',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'Only files last edited by this user, sent as filter.__changedBy',
		},
		{
			displayName: 'Created After',
			name: 'createdFrom',
			type: 'dateTime',
			default: '',
			description:
				"Only files created at or after this time (without a zone, in the workflow's), sent as filter.__createdAt.min",
		},
		{
			displayName: 'Created Before',
			name: 'createdTo',
			type: 'dateTime',
			default: '',
			description:
				"Only files created at or before this time (without a zone, in the workflow's), sent as filter.__createdAt.max",
		},
		{
			displayName: 'Created By (User ID)',
			name: 'createdBy',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'Only files created by this user, sent as filter.__createdBy',
		},
		{
			displayName: 'Name Contains',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'invoice',
			description: 'Only files whose name contains this text, sent as filter.__name',
		},
		{
			displayName: 'Updated After',
			name: 'updatedFrom',
			type: 'dateTime',
			default: '',
			description:
				"Only files changed at or after this time (without a zone, in the workflow's), sent as filter.__updatedAt.min",
		},
		{
			displayName: 'Updated Before',
			name: 'updatedTo',
			type: 'dateTime',
			default: '',
			description:
				"Only files changed at or before this time (without a zone, in the workflow's), sent as filter.__updatedAt.max",
		},
	],
};

/** Whether a filter option was left empty. */
function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** A `{min, max}` date range from two options, or undefined when both are empty. */
function readDateRange(
	ctx: IExecuteFunctions,
	chosen: IDataObject,
	bounds: { min: [string, string]; max: [string, string] },
): IDataObject | undefined {
	const range: IDataObject = {};
	for (const [end, [key, label]] of Object.entries(bounds)) {
		if (!isEmpty(chosen[key])) range[end] = requireDateTime(ctx, label, chosen[key]);
	}
	return Object.keys(range).length > 0 ? range : undefined;
}

/** The search's `filter` from the Directory and the Filters the user added; undefined when none. */
export function readSearchFilter(
	ctx: IExecuteFunctions,
	itemIndex: number,
): IDataObject | undefined {
	const filter: IDataObject = {};
	const directory = readOptionalDirectory(ctx, itemIndex, 'directoryId', 'Directory');
	if (directory !== undefined) filter.directory = directory;
	const chosen = ctx.getNodeParameter('filters', itemIndex, {});
	if (isObject(chosen)) {
		if (!isEmpty(chosen.name)) filter.__name = requireText('Name Contains', chosen.name);
		const users = { createdBy: 'Created By (User ID)', changedBy: 'Changed By (User ID)' };
		for (const [key, label] of Object.entries(users)) {
			if (!isEmpty(chosen[key])) filter[`__${key}`] = requireUuid(label, chosen[key]);
		}
		const created = readDateRange(ctx, chosen, {
			min: ['createdFrom', 'Created After'],
			max: ['createdTo', 'Created Before'],
		});
		if (created) filter.__createdAt = created;
		const updated = readDateRange(ctx, chosen, {
			min: ['updatedFrom', 'Updated After'],
			max: ['updatedTo', 'Updated Before'],
		});
		if (updated) filter.__updatedAt = updated;
	}
	return Object.keys(filter).length > 0 ? filter : undefined;
}
