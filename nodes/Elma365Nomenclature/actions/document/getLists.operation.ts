import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
import { documentItemFields, readDocumentPath } from './documentItem';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('document', 'getLists', [
	...documentItemFields,
	optionsCollection([concurrency(), additionalBody]),
]);

/**
 * POST /docflow/{namespace}/{code}/{id}/lists (docflowListRequest on the vendor's list of
 * operations): the document-flow lists the document is on. No reference page of it was found, so
 * the body is `{}` with Options > Additional Body (JSON) merged over it, and the answer is the output.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = `/docflow${readDocumentPath(this, itemIndex)}/lists`;
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
