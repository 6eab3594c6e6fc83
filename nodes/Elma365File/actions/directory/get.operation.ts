import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions';
import { requestOperation } from '../../../shared/operations';
import { apiPath } from '../../../shared/transport';
import { directoryLocator, readDirectory } from '../fields';

export const description: INodeProperties[] = showFor('directory', 'get', [directoryLocator('The directory to read')]);

export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => apiPath`/disk/directory/${readDirectory(ctx, itemIndex)}`,
});
