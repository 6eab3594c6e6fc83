import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import type { GroupMember } from '../../../shared/execution/grouped';
import type { ItemOutcome } from '../../../shared/execution/operation';
import { unwrapItem } from '../../../shared/transport';

/** Options > Additional Body (JSON) of a grouped operation, read once from the first item. */
export function readGroupedAdditionalBody(ctx: IExecuteFunctions): IDataObject {
	return readJsonObject(ctx, 0, 'options.body', 'Options > Additional Body (JSON)');
}

/** Every item read goes in the one request (none when no item was valid). */
export function allInOneGroup<Member>(_ctx: IExecuteFunctions, members: Member[]): Member[][] {
	return members.length > 0 ? [members] : [];
}

/**
 * `{"instances": [...], ...additional}`: the group's instance IDs, as the documented bulk interrupt
 * (bpm/bpminstancebulkinterrupt) names them, with Additional Body (JSON) merged over it.
 */
export function instancesBody(
	group: Array<GroupMember<string>>,
	additional: IDataObject,
): IDataObject {
	return { instances: group.map((member) => member.input), ...additional };
}

/**
 * The outcomes of one request for the whole group: one output item, the body sent and the answer,
 * paired with every member; it stands in the first member's place, the others add none.
 */
export function oneOutputForGroup(
	group: Array<GroupMember<string>>,
	body: IDataObject,
	response: IDataObject,
): ItemOutcome[] {
	const output = {
		json: { ...body, ...unwrapItem(response) },
		pairedItem: group.map((member) => ({ item: member.itemIndex })),
	};
	return group.map((_member, index) => ({ result: index === 0 ? [output] : [] }));
}
