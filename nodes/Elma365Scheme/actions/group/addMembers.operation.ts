import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { optionsCollection } from '../../../shared/descriptions/options';
import { groupBy, groupedOperation } from '../../../shared/execution/grouped';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import type { OperationEntry } from '../tableOperations';
import { pathParamProperties } from '../pathParams';
import {
	memberFields,
	memberOutput,
	membershipBody,
	membershipJsonBody,
	readChange,
} from './members';

export const entry: OperationEntry = {
	operation: 'addMembers',
	name: 'Add Members',
	action: 'Add members to a group',
};

export const description: INodeProperties[] = showFor('group', 'addMembers', [
	...pathParamProperties('groupId'),
	...memberFields('addMembers', 'add'),
	optionsCollection([membershipJsonBody]),
]);

/**
 * POST /scheme/groups/{id}/add-items with the members of every item addressing that group: every
 * input item is read and checked first, then one request per group, and each item outputs its own
 * part of the answer (the body: members.ts, membershipBody).
 */
export const executeAll = groupedOperation({
	readSettings: () => undefined,
	read: (ctx, itemIndex) => readChange(ctx, itemIndex, 'addMembers'),
	group: (_ctx, members) => groupBy(members, (change) => change.groupId),
	async send(ctx, group) {
		const changes = group.map((member) => member.input);
		const { groupId } = changes[0];
		const response = await apiRequest(ctx, {
			method: 'POST',
			path: apiPath`/scheme/groups/${groupId}/add-items`,
			body: membershipBody(changes),
			idempotent: true,
			itemIndex: group[0].itemIndex,
		});
		const answer = unwrapItem(response);
		return changes.map((change) => ({ result: memberOutput(answer, groupId, change) }));
	},
});
