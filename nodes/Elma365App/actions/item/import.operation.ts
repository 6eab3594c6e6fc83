import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { locationFields, readAreaPath } from '../../../shared/appItems';
import { showFor } from '../../../shared/descriptions';
import { multipartBody } from '../../../shared/multipart';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { invalidInput, requireFileMeta, requireText } from '../../../shared/validation';
import { appItems } from './area';

export const description: INodeProperties[] = showFor('item', 'import', [
	...locationFields(appItems),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to import',
		description: 'The file is sent as the multipart form field "file", with its name and MIME type',
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	// Everything is read and checked before the request.
	const path = readAreaPath(this, itemIndex, appItems, '/import');
	const property = requireText(this, itemIndex, 'Input Binary Field', this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const binaries = this.getInputData()[itemIndex]?.binary ?? {};
	// Own keys only: "__proto__" or "constructor" must not find the object's prototype.
	const binary = Object.hasOwn(binaries, property) ? binaries[property] : undefined;
	if (!binary) {
		const present = Object.keys(binaries);
		const found = present.length > 0 ? `binary fields ${present.map((name) => `"${name}"`).join(', ')}` : 'no binary data';
		throw invalidInput(this, itemIndex, 'Input Binary Field', `a binary field "${property}" on the input item (it has ${found})`, property);
	}
	const { fileName, mimeType } = requireFileMeta(this, itemIndex, 'Input Binary Field', binary, property);
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, property);
	const { body, contentType } = multipartBody([{ name: 'file', data, fileName, contentType: mimeType }]);
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		body,
		headers: { 'Content-Type': contentType },
		idempotent: false,
		itemIndex,
	});
	return unwrapItem(response);
}
