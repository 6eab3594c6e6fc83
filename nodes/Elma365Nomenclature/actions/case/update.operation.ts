import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { KEEP_CURRENT_VERSION, PARALLEL_UPDATES_VERSION } from '../../versions';
import {
	concurrencyOption,
	parallelByDefaultSince,
	parallelSince,
	requestOperation,
} from '../../../shared/execution/operations';
import type { OperationResult } from '../../../shared/execution/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { findListed, keepsCurrentValues } from '../keepCurrent';
import { buildCaseBody, needsCurrentCase, readCaseChanges, withCurrentCase } from './caseBody';
import { caseFields, caseUpdateFields } from './caseFields.description';
import type { CongestionWindow } from '../../../shared/execution/congestion';

export const description: INodeProperties[] = showFor('case', 'update', [
	uuidLocator({
		displayName: 'Case',
		name: 'caseId',
		searchListMethod: 'searchCases',
		description: 'The case (registration file) to update',
	}),
	...beforeVersion(KEEP_CURRENT_VERSION, caseFields),
	...sinceVersion(KEEP_CURRENT_VERSION, caseUpdateFields),
	...parallelSince(PARALLEL_UPDATES_VERSION, concurrencyOption),
]);

export const defaultConcurrency = parallelByDefaultSince(PARALLEL_UPDATES_VERSION);

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'caseId', 'Case');
}

/** Version 1: the form is the whole body (Document Flow defaults to Input). */
const replaceCase = requestOperation({
	method: 'PUT',
	path: (ctx, itemIndex) =>
		apiPath`/nomenclature/${readUuidLocator(ctx, itemIndex, 'caseId', 'Case')}`,
	body: buildCaseBody,
});

/** From version 1.1: the fields left unset keep the case's current values, read from the case list first. */
async function changeCase(
	ctx: IExecuteFunctions,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<IDataObject> {
	const id = readUuidLocator(ctx, itemIndex, 'caseId', 'Case');
	const changes = readCaseChanges(ctx, itemIndex);
	const current = needsCurrentCase(changes)
		? await findListed(ctx, itemIndex, { path: '/nomenclature', what: 'case', window }, id)
		: {};
	const body = withCurrentCase(ctx, itemIndex, changes, current);
	return unwrapItem(
		await apiRequest(ctx, {
			method: 'PUT',
			path: apiPath`/nomenclature/${id}`,
			body,
			itemIndex,
			window,
		}),
	);
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<OperationResult> {
	return keepsCurrentValues(this)
		? await changeCase(this, itemIndex, window)
		: await replaceCase.execute.call(this, itemIndex, window);
}
