import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { locationFields, readApplicationPath } from '../../../shared/items/appItems';
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
import { reportItems } from './itemKind';
import { LIST_PICKERS_VERSION, REPORT_ONLY_TABLE_FILTER_VERSION } from '../../versions';

/**
 * The report list takes a table filter, from/size and sort entries `{column, ascend}`, nothing else
 * (api.elma365.com/en/public-api/reference/reports/reportslist). Versions before 1.3 offered EQL, IDs
 * and fields to return: they stay visible there but are refused when set, since the endpoint cannot
 * take them; 1.3 no longer offers them.
 */
/** The options versions before 1.3 offered: EQL, fields to return and IDs, beyond the documented body. */
const FORMER_OPTIONS: ListFeatures = { fields: true, eql: true };
/** The options the documented body takes: a table filter and sort. */
const DOCUMENTED_OPTIONS: ListFeatures = { ids: false };
/** Field codes are picked from the report parameter's scheme. */
const REPORT_PICKERS = { application: reportItems.code.name };

/**
 * Section and Report with the report picked from the section's reports
 * (`GET /scheme/namespaces/{namespace}/reports`, searchReports) rather than its applications: the
 * list a picker shows is no saved value, so every version gets it.
 */
function reportLocationFields(): INodeProperties[] {
	return locationFields(reportItems).map((property) =>
		property.name === reportItems.code.name && property.type === 'resourceLocator'
			? {
					...property,
					description: 'The report; the list shows the reports of the chosen section',
					modes: property.modes?.map((mode) =>
						mode.type === 'list'
							? { ...mode, typeOptions: { ...mode.typeOptions, searchListMethod: 'searchReports' } }
							: mode,
					),
				}
			: property,
	);
}

export const description: INodeProperties[] = showFor('item', 'getAll', [
	...reportLocationFields(),
	...returnAllOrLimit,
	...beforeVersion(LIST_PICKERS_VERSION, [listOptions(FORMER_OPTIONS)]),
	...onlyInVersion(LIST_PICKERS_VERSION, [listOptions(FORMER_OPTIONS, REPORT_PICKERS)]),
	...sinceVersion(REPORT_ONLY_TABLE_FILTER_VERSION, [
		listOptions(DOCUMENTED_OPTIONS, REPORT_PICKERS),
	]),
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

/** POST /reports/{namespace}/{code}/list with the report list body, paged by from/size in the body. */
export const { execute } = listOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readApplicationPath(ctx, itemIndex, reportItems, '/list'),
	paging: 'body',
	body: reportListBody,
});
