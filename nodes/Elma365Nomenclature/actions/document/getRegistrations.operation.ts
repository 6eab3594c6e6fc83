import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
import { documentItemFields, readDocumentPath } from './documentItem';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('document', 'getRegistrations', [
	...documentItemFields,
	optionsCollection([concurrency(defaultConcurrency), additionalBody]),
]);

/**
 * POST /registration/{namespace}/{code}/{id} (registrationListRequest on the vendor's list of
 * operations): the registrations of the document in the nomenclature's cases. No reference page
 * of it was found, so the body is `{}` with Options > Additional Body (JSON) merged over it, and
 * the answer is the output.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = `/registration${readDocumentPath(this, itemIndex)}`;
	const body = withAdditionalBody(this, itemIndex, {});
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		...jsonBody(body),
		idempotent: true,
		itemIndex,
	});
	return unwrapItem(response);
}
