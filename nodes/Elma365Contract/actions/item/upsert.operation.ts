import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import {
	lookUpUpsert,
	marked,
	readUpsert,
	readUpsertKey,
	upsertFields,
} from '../../../shared/items/upsert';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { contractItems } from './itemKind';

export const description: INodeProperties[] = showFor(
	'item',
	'upsert',
	upsertFields(contractItems),
);

/** Items with the same match values keep their input order at any Concurrency, so two of them never both create. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUpsertKey(ctx, itemIndex, contractItems);
}

/**
 * POST /contracts/{namespace}/{code}/list with the match values as a table filter
 * (api.brix365.com/en/public-api/reference/contracts/contractslist), then POST .../create
 * (contracts/contractsitemcreate) when none matches or POST .../{id}/update
 * (contracts/contractsitemupdate) when one does, both with `{"context": {...}}`; the output item
 * says which (`_upsert`).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const upsert = await readUpsert(this, itemIndex, contractItems);
	const { matches, writes } = await lookUpUpsert(this, itemIndex, contractItems, upsert);
	const written: IDataObject[] = [];
	for (const write of writes) {
		const answer = await apiRequest(this, {
			method: 'POST',
			path: write.path,
			body: { context: upsert.context },
			idempotent: write.idempotent,
			itemIndex,
		});
		written.push(marked(unwrapItem(answer), write.action, matches));
	}
	// A create outputs its item; updates output the list of updated items.
	return matches === 0 ? written[0] : written;
}
