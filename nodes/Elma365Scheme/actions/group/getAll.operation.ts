import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint, showFor } from '../../../shared/display';
import { readSchemeList, listProperties } from '../schemeList';

export const entry = { operation: 'getAll', name: 'Get Many', action: 'Get many groups by filter' };

export const description: INodeProperties[] = showFor('group', 'getAll', [
	{
		displayName: 'Filter (JSON)',
		name: 'filter',
		type: 'json',
		default: '{}',
		description:
			'Filter conditions sent as the body\'s "filter", e.g. {"tf": {"__name": "sales"}}; {} lists every group',
	},
	...listProperties([
		{
			displayName: 'Additional Body (JSON)',
			name: 'body',
			type: 'json',
			default: '{}',
			description: `${jsonEscapeHatchHint}: any other list body fields`,
		},
	]),
]);

/** POST /scheme/groups/list: the filter in the body, paged with from/size in the body. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const filter = readJsonObject(this, itemIndex, 'filter', 'Filter (JSON)');
	const extra = readJsonObject(this, itemIndex, 'options.body', 'Additional Body (JSON)');
	const body: IDataObject = Object.keys(filter).length > 0 ? { filter, ...extra } : { ...extra };
	return await readSchemeList(this, itemIndex, {
		method: 'POST',
		path: '/scheme/groups/list',
		paging: 'body',
		body,
	});
}
