import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import type { OperationResult } from '../../../shared/execution/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { currentValue, findListed, keepsCurrentValues } from '../keepCurrent';
import { buildDirectoryBody } from './directoryBody';
import { directoryFields } from './directoryFields.description';
import type { CongestionWindow } from '../../../shared/execution/congestion';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('directory', 'update', [
	uuidLocator({
		displayName: 'Directory',
		name: 'directoryId',
		searchListMethod: 'searchDirectories',
		description: 'The nomenclature directory to update',
	}),
	...directoryFields(false),
	...concurrency.options,
]);

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory');
}

const directoryPath = (ctx: IExecuteFunctions, itemIndex: number) =>
	apiPath`/nomenclature/directory/${readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory')}`;

/** Version 1: an empty Name is not sent. */
const putGiven = requestOperation({
	method: 'PUT',
	path: directoryPath,
	body: (ctx, itemIndex) => buildDirectoryBody(ctx, itemIndex, false),
});

/** From version 1.1: an empty Name keeps the directory's current name (read from the list first), as the PUT replaces the body. */
async function keepName(
	ctx: IExecuteFunctions,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<IDataObject> {
	const path = directoryPath(ctx, itemIndex);
	const given = buildDirectoryBody(ctx, itemIndex, false);
	let body = given;
	if (!('name' in given)) {
		const id = readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory');
		const current = await findListed(
			ctx,
			itemIndex,
			{ path: '/nomenclature/directory', what: 'directory', window },
			id,
		);
		body = { name: currentValue(ctx, itemIndex, current, 'name', 'Name', 'directory'), ...given };
	}
	return unwrapItem(await apiRequest(ctx, { method: 'PUT', path, body, itemIndex, window }));
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<OperationResult> {
	return keepsCurrentValues(this)
		? await keepName(this, itemIndex, window)
		: await putGiven.execute.call(this, itemIndex, window);
}
