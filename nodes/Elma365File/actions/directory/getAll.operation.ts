import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';

export const description: INodeProperties[] = showFor('directory', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

/** POST /disk/directory/list, paged by from/size in the body (api.elma365.com/en/public-api/reference/disk/directorylist/). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const body = buildListBody(this, itemIndex);
	const rows = await readWholeList(
		this,
		bodyPagedList(this, itemIndex, '/disk/directory/list', body),
	);
	return pairedRows(rows, itemIndex);
}
