import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions';
import { readUuidLocator, uuidLocator } from '../../../shared/locators';
import { requestOperation } from '../../../shared/operations';
import { apiPath } from '../../../shared/transport';
import { buildDirectoryBody, directoryFields } from './directoryForm';

export const description: INodeProperties[] = showFor('directory', 'update', [
	uuidLocator({
		displayName: 'Directory',
		name: 'directoryId',
		searchListMethod: 'searchDirectories',
		description: 'The nomenclature directory to update',
	}),
	...directoryFields(false),
]);

export const { execute } = requestOperation({
	method: 'PUT',
	path: (ctx, itemIndex) => apiPath`/nomenclature/directory/${readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory')}`,
	body: (ctx, itemIndex) => buildDirectoryBody(ctx, itemIndex, false),
});
