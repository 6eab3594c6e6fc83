import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { locationFields, readAreaPath } from '../../../shared/items/appItems';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import type { ListFeatures } from '../../../shared/lists/listOptions';
import {
	buildListBody,
	listOptions,
	refuseUnsendableOptions,
} from '../../../shared/lists/listOptions';
import {
	beforeVersion,
	onlyInVersion,
	sinceVersion,
} from '../../../shared/descriptions/versioning';
import { listOperation } from '../../../shared/execution/operations';
import { reportItems } from './area';
import { LIST_PICKERS_VERSION, REPORT_ONLY_TABLE_FILTER_VERSION } from '../../versions';

/**
 * The report list takes a table filter, from/size and sort entries `{column, ascend}`, nothing else
 * (api.elma365.com/en/public-api/reference/reports/reportslist). Versions before 1.3 offered EQL, IDs
 * and fields to return: they stay visible there but are refused when set, since the endpoint cannot
 * take them; 1.3 no longer offers them.
 */
const OLD: ListFeatures = { fields: true, eql: true };
const DOCUMENTED: ListFeatures = { ids: false };
const pickers = { application: reportItems.code.name };

export const description: INodeProperties[] = showFor('item', 'getAll', [
	...locationFields(reportItems),
	...returnAllOrLimit,
	...beforeVersion(LIST_PICKERS_VERSION, [listOptions(OLD)]),
	...onlyInVersion(LIST_PICKERS_VERSION, [listOptions(OLD, pickers)]),
	...sinceVersion(REPORT_ONLY_TABLE_FILTER_VERSION, [listOptions(DOCUMENTED, pickers)]),
]);

/** The documented report list body; sort rules become `{column, ascend}`. */
export function reportListBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	refuseUnsendableOptions(
		ctx,
		itemIndex,
		['eql', 'ids', 'fields'],
		'the report list takes only a table filter and sort (clear the option; version 1.3 no longer offers it)',
	);
	const body = buildListBody(ctx, itemIndex);
	if (Array.isArray(body.sortExpressions)) {
		body.sortExpressions = (body.sortExpressions as IDataObject[]).map((rule) =>
			'field' in rule ? { column: rule.field, ascend: rule.ascending } : rule,
		);
	}
	return body;
}

export const { execute } = listOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readAreaPath(ctx, itemIndex, reportItems, '/list'),
	paging: 'body',
	body: reportListBody,
});
