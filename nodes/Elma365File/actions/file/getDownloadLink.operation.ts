import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { fileIdField, readFileId } from '../diskParameters';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

/** The platform answers `{"Link": "..."}` with a capital L; the output carries it as `link` too. */
export function withLink(body: IDataObject): IDataObject {
	const payload = unwrapItem(body);
	const link = payload.Link ?? payload.link;
	return link === undefined ? payload : { ...payload, link };
}

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('file', 'getDownloadLink', [
	fileIdField,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** POST /disk/file/{id}/get-link: a read, although sent as POST, so safe to repeat. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const fileId = readFileId(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/disk/file/${fileId}/get-link`,
		idempotent: true,
		itemIndex,
	});
	return withLink(response);
}
