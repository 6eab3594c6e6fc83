import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	beforeVersion,
	isVersionAtLeast,
	sinceVersion,
} from '../../../shared/descriptions/versioning';
import { COMBINED_BY_DEFAULT_VERSION } from '../../versions';
import { errorItem, forItem, route } from '../../../shared/execution/router';
import { explainStatus } from '../../../shared/execution/statusHints';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { MARKETING_HINTS } from '../statusHints';
import { readSegmentId, segmentField } from './segmentLocator';
import type { Action } from './subscriberIds';
import { readSubscriberIds, subscriberIdsProperties } from './subscriberIds';
import type { CongestionWindow } from '../../../shared/execution/congestion';

interface Change {
	segmentId: string;
	ids: string[];
}

function readChange(ctx: IExecuteFunctions, itemIndex: number): Change {
	const segmentId = readSegmentId(ctx, itemIndex);
	return { segmentId, ids: readSubscriberIds(ctx, itemIndex) };
}

async function send(
	ctx: IExecuteFunctions,
	action: Action,
	change: Change,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<IDataObject> {
	try {
		const response = await apiRequest(ctx, {
			method: 'PATCH',
			path: apiPath`/marketing/segment/${change.segmentId}/subscribers/${action}`,
			body: { ids: change.ids },
			itemIndex,
			window,
		});
		return unwrapItem(response);
	} catch (error) {
		throw explainStatus(error, MARKETING_HINTS);
	}
}

function result(payload: IDataObject, change: Change): IDataObject {
	return { ...payload, segmentId: change.segmentId, subscriberIds: change.ids };
}

/** Two copies under one name: n8n shows (and defaults) the one whose version condition holds. */
const sendInOneRequest: INodeProperties = {
	displayName: 'Send in One Request',
	name: 'sendInOneRequest',
	type: 'boolean',
	default: false,
	description:
		'Whether to collect the subscriber IDs of all input items into one request per segment instead of one request per item (read from the first item; each input item still gets its own output item)',
};

/**
 * Adding and removing subscribers differ only in the last path segment. Either one request per
 * input item, or (Send in One Request) the IDs of all items collected into one request per segment;
 * every input item gets exactly one output item either way, paired with it.
 */
export function subscribersOperation(action: Action) {
	const operation = action === 'add' ? 'addSubscribers' : 'removeSubscribers';
	const description: INodeProperties[] = showFor('segment', operation, [
		segmentField(
			action === 'add'
				? 'The static segment to add subscribers to'
				: 'The static segment to remove subscribers from',
		),
		...subscriberIdsProperties(action),
		...beforeVersion(COMBINED_BY_DEFAULT_VERSION, [sendInOneRequest]),
		...sinceVersion(COMBINED_BY_DEFAULT_VERSION, [{ ...sendInOneRequest, default: true }]),
	]);

	async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
		window?: CongestionWindow,
	): Promise<IDataObject> {
		const change = readChange(this, itemIndex);
		return result(await send(this, action, change, itemIndex, window), change);
	}

	async function executeAll(
		this: IExecuteFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		const byDefault = isVersionAtLeast(this, COMBINED_BY_DEFAULT_VERSION);
		if (!(this.getNodeParameter('sendInOneRequest', 0, byDefault) as boolean)) {
			// One request per item: the shared per-item loop does pairing and Continue On Fail.
			const [output] = await route.call(this, { segment: { [operation]: { execute } } });
			return output;
		}

		const output: INodeExecutionData[] = new Array(items.length);
		const changes = new Map<number, Change>();
		const groups = new Map<string, number[]>();
		// Every item is checked before the first request.
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			try {
				const change = readChange(this, itemIndex);
				changes.set(itemIndex, change);
				const group = groups.get(change.segmentId) ?? [];
				group.push(itemIndex);
				groups.set(change.segmentId, group);
			} catch (error) {
				if (!this.continueOnFail()) throw forItem(this, error, itemIndex);
				output[itemIndex] = errorItem(error, itemIndex);
			}
		}
		for (const [segmentId, indexes] of groups) {
			const ids = [...new Set(indexes.flatMap((itemIndex) => changes.get(itemIndex)!.ids))];
			try {
				const payload = await send(this, action, { segmentId, ids }, indexes[0]);
				for (const itemIndex of indexes) {
					output[itemIndex] = {
						json: result(payload, changes.get(itemIndex)!),
						pairedItem: { item: itemIndex },
					};
				}
			} catch (error) {
				if (!this.continueOnFail()) throw forItem(this, error, indexes[0]);
				for (const itemIndex of indexes) output[itemIndex] = errorItem(error, itemIndex);
			}
		}
		return output;
	}

	return { description, executeAll };
}
