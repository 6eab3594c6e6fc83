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
import { lacksRequiredField, readCaseChanges, withCurrentFields } from './caseBody';
import { currentCase, rememberWritten } from './currentCases';
import { caseUpdateFields } from './caseFields.description';

export const description: INodeProperties[] = showFor('case', 'update', [
	uuidLocator({
		displayName: 'Case',
		name: 'caseId',
		searchListMethod: 'searchCases',
		description: 'The case (registration file) to update',
	}),
	...caseUpdateFields,
	adaptiveConcurrency(concurrencyOption),
]);

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'caseId', 'Case');
}

/**
 * One PUT with the fields the user set, as the update body of
 * api.elma365.com/en/public-api/reference/nomenclature/update allows (every registration setting is
 * optional). Only Directory, Document Flow or Name left empty are taken from the case list.
 */
async function putChanges(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readUuidLocator(ctx, itemIndex, 'caseId', 'Case');
	const changes = readCaseChanges(ctx, itemIndex);
	const current = lacksRequiredField(changes) ? await currentCase(ctx, itemIndex, id) : {};
	const body = withCurrentFields(ctx, itemIndex, changes, current);
	const updated = unwrapItem(
		await apiRequest(ctx, {
			method: 'PUT',
			path: apiPath`/nomenclature/${id}`,
			body,
			itemIndex,
		}),
	);
	rememberWritten(ctx, id, body);
	return updated;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	return await putChanges(this, itemIndex);
}
