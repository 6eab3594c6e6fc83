import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { currentValue, findListed } from '../keepCurrent';
import { buildDirectoryBody, directoryFields } from './directoryFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('directory', 'update', [
	uuidLocator({
		displayName: 'Directory',
		name: 'directoryId',
		searchListMethod: 'searchDirectories',
		description: 'The nomenclature directory to update',
	}),
	...directoryFields(false),
	optionsCollection([concurrency(defaultConcurrency)]),
]);

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory', 'searchDirectories');
}

/**
 * PUT /nomenclature/directory/{id} with `{name, ...Additional Body Fields}`. The PUT replaces the
 * body, so an empty Name keeps the directory's current name, read from the directory list first.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readUuidLocator(this, itemIndex, 'directoryId', 'Directory', 'searchDirectories');
	const given = buildDirectoryBody(this, itemIndex, false);
	let body = given;
	if (!('name' in given)) {
		const current = await findListed(
			this,
			itemIndex,
			{ path: '/nomenclature/directory', what: 'directory' },
			id,
		);
		body = { name: currentValue(this, current, 'name', 'Name', 'directory'), ...given };
	}
	const response = await apiRequest(this, {
		method: 'PUT',
		path: apiPath`/nomenclature/directory/${id}`,
		body,
		itemIndex,
	});
	return unwrapItem(response);
}
