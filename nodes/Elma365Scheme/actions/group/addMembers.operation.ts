import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { apiPath } from '../../../shared/transport';
import type { OperationEntry } from '../tableOperations';
import { pathParamProperties } from '../pathParams';
import { memberFields, membershipBodyOption, membershipRequests } from './members';

export const entry: OperationEntry = {
	operation: 'addMembers',
	name: 'Add Members',
	action: 'Add members to a group',
};

export const description: INodeProperties[] = showFor('group', 'addMembers', [
	...pathParamProperties('groupId'),
	...memberFields('addMembers', 'add'),
	membershipBodyOption,
]);

/** POST /scheme/groups/{id}/add-items with the members of every item addressing that group. */
export const executeAll = membershipRequests(
	'addMembers',
	(groupId) => apiPath`/scheme/groups/${groupId}/add-items`,
);
