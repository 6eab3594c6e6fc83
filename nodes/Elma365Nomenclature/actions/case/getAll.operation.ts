import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	pairedRows,
	queryPagedList,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { readJsonObject } from '../../../shared/validation/values';
import { queryParametersField } from '../queryParameters';

export const description: INodeProperties[] = showFor('case', 'getAll', [
	...returnAllOrLimit,
	queryParametersField,
]);

/** GET /nomenclature: the cases, paged with from/size in the query beside the extra query parameters. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const qs = readJsonObject(this, itemIndex, 'query', 'Query Parameters (JSON)');
	const rows = await readWholeList(this, queryPagedList(this, itemIndex, '/nomenclature', qs));
	return pairedRows(rows, itemIndex);
}
