import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions';
import { readUuidLocator, uuidLocator } from '../../../shared/locators';
import { concurrencyOption, requestOperation } from '../../../shared/operations';
import { apiPath } from '../../../shared/transport';
import { buildCaseBody, caseFields } from './caseForm';

export const description: INodeProperties[] = showFor('case', 'update', [
	uuidLocator({
		displayName: 'Case',
		name: 'caseId',
		searchListMethod: 'searchCases',
		description: 'The case (registration file) to update',
	}),
	...caseFields,
	concurrencyOption,
]);

export const { execute } = requestOperation({
	method: 'PUT',
	path: (ctx, itemIndex) => apiPath`/nomenclature/${readUuidLocator(ctx, itemIndex, 'caseId', 'Case')}`,
	body: buildCaseBody,
});
