import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { itemOutputChoice, itemFieldsToLoad, itemOutputOf } from '../../../shared/options/output';
import {
	itemListOptions,
	locationFields,
	readApplicationPath,
} from '../../../shared/items/appItems';
import { buildListBody } from '../../../shared/lists/listOptions';
import { appItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'getAll', [
	...locationFields(appItems),
	...returnAllOrLimit,
	...itemOutputChoice,
	...itemListOptions(appItems, { active: true, eql: true, status: true }),
]);

/**
 * POST /app/{namespace}/{code}/list with the list body, paged by from/size in the body; Output >
 * Selected Fields is sent as the body's `fields`, under Options > Additional Body (JSON).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readApplicationPath(this, itemIndex, appItems, '/list');
	const output = itemOutputOf(this, itemIndex);
	const body = { ...itemFieldsToLoad(this, itemIndex), ...buildListBody(this, itemIndex) };
	const rows = await readWholeList(this, bodyPagedList(this, itemIndex, path, body));
	return pairedRows(rows, itemIndex, output);
}
