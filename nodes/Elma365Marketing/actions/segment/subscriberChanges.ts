import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Operation } from '../../../shared/execution/router';
import { groupBy, groupedOperation } from '../../../shared/execution/grouped';
import { explainStatus } from '../../../shared/execution/statusHints';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { MARKETING_HINTS } from '../statusHints';
import { readSegmentId } from './segmentLocator';
import { readSubscriberIds } from './subscriberIds';

/** Send in One Request, on by default. */
export const sendInOneRequestField: INodeProperties = {
	displayName: 'Send in One Request',
	name: 'sendInOneRequest',
	type: 'boolean',
	default: true,
	description:
		'Whether to collect the subscriber IDs of all input items into one request per segment instead of one request per item (read from the first item; each input item still gets its own output item)',
};

/** The subscribers one item adds to or removes from one segment. */
interface SubscriberChange {
	segmentId: string;
	ids: string[];
}

/** Reads and checks one item's segment and subscribers. */
function readChange(ctx: IExecuteFunctions, itemIndex: number): SubscriberChange {
	return { segmentId: readSegmentId(ctx, itemIndex), ids: readSubscriberIds(ctx, itemIndex) };
}

/** An item's output: the platform's answer with the segment and the subscribers that item gave. */
function outputOf(answer: IDataObject, change: SubscriberChange): IDataObject {
	return { ...answer, segmentId: change.segmentId, subscriberIds: change.ids };
}

/**
 * Adding or removing subscribers, whose requests differ only in `path` (the PATCH endpoint of a
 * segment): one request per input item, or with Send in One Request the IDs of all items collected
 * into one request per segment. Every input item gets exactly one output item either way.
 */
export function subscriberChanges(
	path: (segmentId: string) => string,
): Required<Pick<Operation, 'execute' | 'executeAll' | 'groupedWhen'>> {
	async function send(
		ctx: IExecuteFunctions,
		segmentId: string,
		ids: string[],
		itemIndex: number,
	): Promise<IDataObject> {
		try {
			const response = await apiRequest(ctx, {
				method: 'PATCH',
				path: path(segmentId),
				body: { ids },
				itemIndex,
			});
			return unwrapItem(response);
		} catch (error) {
			throw explainStatus(error, MARKETING_HINTS);
		}
	}

	return {
		groupedWhen: (ctx) => ctx.getNodeParameter('sendInOneRequest', 0, true) as boolean,
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const change = readChange(this, itemIndex);
			return outputOf(await send(this, change.segmentId, change.ids, itemIndex), change);
		},
		executeAll: groupedOperation({
			readSettings: () => undefined,
			read: readChange,
			group: (_ctx, members) => groupBy(members, (change) => change.segmentId),
			async send(ctx, group) {
				const changes = group.map((member) => member.input);
				const ids = [...new Set(changes.flatMap((change) => change.ids))];
				const answer = await send(ctx, changes[0].segmentId, ids, group[0].itemIndex);
				return changes.map((change) => ({ result: outputOf(answer, change) }));
			},
		}),
	};
}
