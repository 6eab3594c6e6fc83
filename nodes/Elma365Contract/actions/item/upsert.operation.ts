import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { locationFields } from '../../../shared/items/appItems';
import {
	marked,
	matchesExactly,
	matchFilter,
	readUpsert,
	readUpsertKey,
	requireUpdatable,
	upsertFields,
} from '../../../shared/items/upsert';
import { readWholeList } from '../../../shared/lists/pager';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { contractItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'upsert', [
	...locationFields(contractItems),
	...upsertFields(contractItems),
]);

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
	const upsert = readUpsert(this, itemIndex, contractItems);
	const { applicationPath, match, context } = upsert;
	const listed = await readWholeList(this, {
		method: 'POST',
		path: `${applicationPath}/list`,
		paging: 'body',
		body: { active: true, filter: matchFilter(match) },
		itemIndex,
	});
	const found = listed.filter((item) => matchesExactly(item, match));
	if (found.length === 0) {
		const created = await apiRequest(this, {
			method: 'POST',
			path: `${applicationPath}/create`,
			body: { context },
			idempotent: false,
			itemIndex,
		});
		return marked(unwrapItem(created), 'created', 0);
	}
	requireUpdatable(this, itemIndex, contractItems, upsert, found);
	const updated: IDataObject[] = [];
	for (const item of found) {
		const answer = await apiRequest(this, {
			method: 'POST',
			path: `${applicationPath}${apiPath`/${String(item.__id)}`}/update`,
			body: { context },
			idempotent: true,
			itemIndex,
		});
		updated.push(marked(unwrapItem(answer), 'updated', found.length));
	}
	return updated;
}
