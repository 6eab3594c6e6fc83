import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { buildDirectoryBody, directoryFields } from './directoryFields';
import {
	concurrency,
	CREATED_IN_ANOTHER_ORDER,
	optionsCollection,
} from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('directory', 'create', [
	...directoryFields(true),
	optionsCollection([concurrency(1, CREATED_IN_ANOTHER_ORDER)]),
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
