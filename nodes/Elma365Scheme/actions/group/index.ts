import { schemeResource } from '../schemeOperations';
import { SCHEME_ROWS } from '../table';
import * as addMembers from './addMembers.operation';
import * as create from './create.operation';
import * as getAll from './getAll.operation';
import * as removeMembers from './removeMembers.operation';
import * as update from './update.operation';

/** Read-only group operations come from the table; the ones with a body have their own files. */
export const { description, operations } = schemeResource('group', SCHEME_ROWS, 'get', [
	{ entry: create.entry, module: create },
	{ entry: update.entry, module: update },
	{ entry: getAll.entry, module: getAll },
	{ entry: addMembers.entry, module: addMembers },
	{ entry: removeMembers.entry, module: removeMembers },
]);
