import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import {
	lacksRequiredField,
	readCaseChanges,
	withCurrentFields,
	caseUpdateFields,
} from './caseFields';
import { currentCase, rememberWritten } from '../keepCurrent';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('case', 'update', [
	uuidLocator({
		displayName: 'Case',
		name: 'caseId',
		searchListMethod: 'searchCases',
		description: 'The case (registration file) to update',
	}),
	...caseUpdateFields,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'caseId', 'Case', 'searchCases');
}

/**
 * PUT /nomenclature/{id} with the fields the user set, as the update body of
 * api.elma365.com/en/public-api/reference/nomenclature/update allows (every registration setting is
 * optional). Only Directory, Document Flow or Name left empty are taken from the case list.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readUuidLocator(this, itemIndex, 'caseId', 'Case', 'searchCases');
	const changes = readCaseChanges(this, itemIndex);
	const current = lacksRequiredField(changes) ? await currentCase(this, id) : {};
	const body = withCurrentFields(this, changes, current);
	const response = await apiRequest(this, {
		method: 'PUT',
		path: apiPath`/nomenclature/${id}`,
		body,
		itemIndex,
	});
	const updated = unwrapItem(response);
	rememberWritten(this, id, body);
	return updated;
}
