import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { locationFields, readApplicationPath } from '../../../shared/items/appItems';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import type { ListFeatures } from '../../../shared/lists/listOptions';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';
import { pickerBuilderHint } from '../../../shared/pickers/locators';
import { reportItems } from './itemKind';

/**
 * The options the report list takes: a table filter, from/size and sort entries `{column, ascend}`,
 * nothing else (api.elma365.com/en/public-api/reference/reports/reportslist).
 */
const DOCUMENTED_OPTIONS: ListFeatures = { ids: false };
/** Field codes are picked from the report parameter's scheme. */
const REPORT_PICKERS = { application: reportItems.code.name };

/**
 * Section and Report with the report picked from the section's reports
 * (`GET /scheme/namespaces/{namespace}/reports`, searchReports) rather than its applications.
 */
function reportLocationFields(): INodeProperties[] {
	return locationFields(reportItems).map((property) =>
		property.name === reportItems.code.name
			? {
					...property,
					description: 'The report; the list shows the reports of the chosen section',
					builderHint: pickerBuilderHint('searchReports', 'code'),
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
	listOptions(DOCUMENTED_OPTIONS, REPORT_PICKERS),
]);

/** The documented report list body; sort rules become `{column, ascend}`. */
export function reportListBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body = buildListBody(ctx, itemIndex);
	if (Array.isArray(body.sortExpressions)) {
		body.sortExpressions = (body.sortExpressions as IDataObject[]).map((rule) =>
			'field' in rule ? { column: rule.field, ascend: rule.ascending } : rule,
		);
	}
	return body;
}

/**
 * POST /reports/{namespace}/{code}/list with the report list body, paged by from/size in the body
 * (api.elma365.com/en/public-api/reference/reports/reportslist).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readApplicationPath(this, itemIndex, reportItems, '/list');
	const body = reportListBody(this, itemIndex);
	const rows = await readWholeList(this, bodyPagedList(this, itemIndex, path, body));
	return pairedRows(rows, itemIndex);
}
