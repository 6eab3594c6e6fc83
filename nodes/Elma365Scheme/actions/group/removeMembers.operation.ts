import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import type { OperationEntry } from '../tableOperations';
import { byGroup, memberOutcomes, membershipBody, membershipFields, readChange } from './members';

export const entry: OperationEntry = {
	operation: 'removeMembers',
	name: 'Remove Members',
	action: 'Remove members from a group',
};

export const description: INodeProperties[] = showFor(
	'group',
	'removeMembers',
	membershipFields('removeMembers', 'remove'),
);

/**
 * POST /scheme/groups/{id}/remove-items with the members of every item addressing that group: every
 * input item is read and checked first, then one request per group, and each item outputs its own
 * part of the answer (the body: members.ts, membershipBody).
 */
export const executeAll = groupedOperation({
	read: (ctx, itemIndex) => readChange(ctx, itemIndex, 'removeMembers'),
	group: byGroup,
	async send(ctx, group) {
		const changes = group.map((member) => member.input);
		const response = await apiRequest(ctx, {
			method: 'POST',
			path: apiPath`/scheme/groups/${changes[0].groupId}/remove-items`,
			body: membershipBody(changes),
			idempotent: true,
			itemIndex: group[0].itemIndex,
		});
		return memberOutcomes(unwrapItem(response), changes);
	},
});
