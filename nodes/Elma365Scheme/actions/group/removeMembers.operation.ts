import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { apiPath } from '../../../shared/transport';
import type { OperationEntry } from '../tableOperations';
import { pathParamProperties } from '../pathParams';
import { memberFields, membershipBodyOption, membershipRequests } from './members';

export const entry: OperationEntry = {
	operation: 'removeMembers',
	name: 'Remove Members',
	action: 'Remove members from a group',
};

export const description: INodeProperties[] = showFor('group', 'removeMembers', [
	...pathParamProperties('groupId'),
	...memberFields('removeMembers', 'remove'),
	membershipBodyOption,
]);

/** POST /scheme/groups/{id}/remove-items with the members of every item addressing that group. */
export const executeAll = membershipRequests(
	'removeMembers',
	(groupId) => apiPath`/scheme/groups/${groupId}/remove-items`,
);
