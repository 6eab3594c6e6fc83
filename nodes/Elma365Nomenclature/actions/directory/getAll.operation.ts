import type { INodeProperties } from 'n8n-workflow';
import { readJsonObject, returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { queryParametersField } from '../queryParameters.description';

export const description: INodeProperties[] = showFor('directory', 'getAll', [
	...returnAllOrLimit,
	queryParametersField,
]);

/** GET /nomenclature/directory: the directories, paged with from/size in the query beside the extra query parameters. */
export const { execute } = listOperation({
	method: 'GET',
	path: () => '/nomenclature/directory',
	paging: 'query',
	qs: (ctx, itemIndex) => readJsonObject(ctx, itemIndex, 'query', 'Query Parameters (JSON)'),
});
