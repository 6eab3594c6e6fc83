import { tableResource } from '../tableOperations';
import * as addMembers from './addMembers.operation';
import * as create from './create.operation';
import * as getAll from './getAll.operation';
import * as removeMembers from './removeMembers.operation';
import * as update from './update.operation';

/**
 * Get, Delete and the lists of a group's parent groups, positions, sub-groups and users, and of
 * the groups of a section or an application, are requests by path without a body: rows of
 * ../table.ts. The operations with a body have their files here.
 */
export const { description, operations } = tableResource('group', 'get', [
	{ entry: create.entry, module: create },
	{ entry: update.entry, module: update },
	{ entry: getAll.entry, module: getAll },
	{ entry: addMembers.entry, module: addMembers },
	{ entry: removeMembers.entry, module: removeMembers },
]);
