import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { buildCaseBody, caseFields } from './caseFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('case', 'create', [
	...caseFields,
	optionsCollection([concurrency()]),
]);

/**
 * POST /nomenclature with the case body
 * (api.elma365.com/en/public-api/reference/nomenclature/create): the answer is the output.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = buildCaseBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: '/nomenclature',
		body,
		itemIndex,
	});
	return unwrapItem(response);
}
