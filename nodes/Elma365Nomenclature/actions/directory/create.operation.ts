import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { createConcurrencyOption } from '../../../shared/descriptions/createConcurrency';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { buildDirectoryBody } from './directoryBody';
import { directoryFields } from './directoryFields.description';

export const description: INodeProperties[] = showFor('directory', 'create', [
	...directoryFields(true),
	createConcurrencyOption,
]);

/** POST /nomenclature/directory with `{name, ...Additional Body Fields}`: the answer is the output. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = buildDirectoryBody(this, itemIndex, true);
	const response = await apiRequest(this, {
		method: 'POST',
		path: '/nomenclature/directory',
		body,
		itemIndex,
	});
	return unwrapItem(response);
}
