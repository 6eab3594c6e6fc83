import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions';
import { concurrencyOption, requestOperation } from '../../../shared/operations';
import { caseFields, buildCaseBody } from './caseForm';

export const description: INodeProperties[] = showFor('case', 'create', [
	...caseFields,
	concurrencyOption,
]);

export const { execute } = requestOperation({
	method: 'POST',
	path: () => '/nomenclature',
	body: buildCaseBody,
});
