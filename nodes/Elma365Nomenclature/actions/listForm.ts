import type { INodeProperties } from 'n8n-workflow';
import { readJsonObject, returnAllOrLimit, showFor } from '../../shared/descriptions/common';
import { listOperation } from '../../shared/execution/operations';

/**
 * Cases and directories are listed the same way: GET with from/size in the query. The platform
 * documents no other list parameters here, so extra query parameters are passed through as JSON.
 */
export function nomenclatureList(resource: string, path: string) {
	const description: INodeProperties[] = showFor(resource, 'getAll', [
		...returnAllOrLimit,
		{
			displayName: 'Query Parameters (JSON)',
			name: 'query',
			type: 'json',
			default: '{}',
			description: 'Extra query parameters sent with every page request, e.g. {"q": "contracts"}',
		},
	]);
	const { execute } = listOperation({
		method: 'GET',
		path: () => path,
		paging: 'query',
		qs: (ctx, itemIndex) => readJsonObject(ctx, itemIndex, 'query', 'Query Parameters (JSON)'),
	});
	return { description, execute };
}
