import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyOption, requestOperation } from '../../../shared/execution/operations';
import { buildCaseBody } from './caseBody';
import { caseFields } from './caseFields.description';

export const description: INodeProperties[] = showFor('case', 'create', [
	...caseFields,
	concurrencyOption,
]);

export const { execute } = requestOperation({
	method: 'POST',
	path: () => '/nomenclature',
	body: buildCaseBody,
});
