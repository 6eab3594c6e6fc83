import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import type { OperationEntry } from '../tableOperations';
import { byGroup, memberOutcomes, membershipBody, membershipFields, readChange } from './members';

export const entry: OperationEntry = {
	operation: 'addMembers',
	name: 'Add Members',
	action: 'Add members to a group',
};

export const description: INodeProperties[] = showFor(
	'group',
	'addMembers',
	membershipFields('addMembers', 'add'),
);

/**
 * POST /scheme/groups/{id}/add-items with the members of every item addressing that group: every
 * input item is read and checked first, then one request per group, and each item outputs its own
 * part of the answer (the body: members.ts, membershipBody).
 */
export const executeAll = groupedOperation({
	read: (ctx, itemIndex) => readChange(ctx, itemIndex, 'addMembers'),
	group: byGroup,
	async send(ctx, group) {
		const changes = group.map((member) => member.input);
		const response = await apiRequest(ctx, {
			method: 'POST',
			path: apiPath`/scheme/groups/${changes[0].groupId}/add-items`,
			body: membershipBody(changes),
			idempotent: true,
			itemIndex: group[0].itemIndex,
		});
		return memberOutcomes(unwrapItem(response), changes);
	},
});
