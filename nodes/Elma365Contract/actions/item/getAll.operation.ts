import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { itemOutputChoice, itemOutputOf } from '../../../shared/options/output';
import {
	itemListOptions,
	locationFields,
	readApplicationPath,
} from '../../../shared/items/appItems';
import { buildListBody } from '../../../shared/lists/listOptions';
import { contractItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'getAll', [
	...locationFields(contractItems),
	...returnAllOrLimit,
	...itemOutputChoice,
	...itemListOptions(contractItems, { active: true, eql: true }),
]);

/**
 * POST /contracts/{namespace}/{code}/list, paged by from/size in the body. Its body has no fields
 * or statuses (api.elma365.com/en/public-api/reference/contracts/contractslist): Output > Selected
 * Fields is applied to what the platform sends, and no status option is offered.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readApplicationPath(this, itemIndex, contractItems, '/list');
	const body = buildListBody(this, itemIndex);
	const output = itemOutputOf(this, itemIndex);
	const rows = await readWholeList(this, bodyPagedList(this, itemIndex, path, body));
	return pairedRows(rows, itemIndex, output);
}
