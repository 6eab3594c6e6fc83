import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
} from '../../../shared/execution/operations';
import type { OperationResult } from '../../../shared/execution/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { currentValue, findListed } from '../keepCurrent';
import { buildDirectoryBody } from './directoryBody';
import { directoryFields } from './directoryFields.description';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('directory', 'update', [
	uuidLocator({
		displayName: 'Directory',
		name: 'directoryId',
		searchListMethod: 'searchDirectories',
		description: 'The nomenclature directory to update',
	}),
	...directoryFields(false),
	adaptiveConcurrency(concurrencyOption),
]);

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory');
}

const directoryPath = (ctx: IExecuteFunctions, itemIndex: number) =>
	apiPath`/nomenclature/directory/${readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory')}`;

/** An empty Name keeps the directory's current name (read from the list first), as the PUT replaces the body. */
async function keepName(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = directoryPath(ctx, itemIndex);
	const given = buildDirectoryBody(ctx, itemIndex, false);
	let body = given;
	if (!('name' in given)) {
		const id = readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory');
		const current = await findListed(
			ctx,
			itemIndex,
			{ path: '/nomenclature/directory', what: 'directory' },
			id,
		);
		body = { name: currentValue(ctx, itemIndex, current, 'name', 'Name', 'directory'), ...given };
	}
	return unwrapItem(await apiRequest(ctx, { method: 'PUT', path, body, itemIndex }));
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	return await keepName(this, itemIndex);
}
