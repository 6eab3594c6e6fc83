import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { withAdditionalBody, writeOptions } from '../../../shared/descriptions/writeOptions';
import { postOperation } from '../../../shared/execution/operations';
import { documentItemFields, readDocumentPath } from './documentItem.description';

export const description: INodeProperties[] = showFor('document', 'getLists', [
	...documentItemFields,
	writeOptions,
]);

/**
 * POST /docflow/{namespace}/{code}/{id}/lists (docflowListRequest on the vendor's list of
 * operations): the document-flow lists the document is on. No reference page of it was found, so
 * the body is `{}` with Options > Additional Body (JSON) merged over it, and the answer is the output.
 */
export const { execute } = postOperation({
	path: (ctx, itemIndex) => `/docflow${readDocumentPath(ctx, itemIndex)}/lists`,
	body: (ctx, itemIndex) => withAdditionalBody(ctx, itemIndex, {}),
	idempotent: true,
});
