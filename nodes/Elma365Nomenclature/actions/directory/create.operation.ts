import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { createConcurrencyOption } from '../../../shared/descriptions/createConcurrency';
import { requestOperation } from '../../../shared/execution/operations';
import { buildDirectoryBody } from './directoryBody';
import { directoryFields } from './directoryFields.description';

export const description: INodeProperties[] = showFor('directory', 'create', [
	...directoryFields(true),
	createConcurrencyOption,
]);

export const { execute } = requestOperation({
	method: 'POST',
	path: () => '/nomenclature/directory',
	body: (ctx, itemIndex) => buildDirectoryBody(ctx, itemIndex, true),
});
