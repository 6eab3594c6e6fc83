import { apiPath } from '../../../shared/transport';
import { directoryLocator, readDirectory } from '../fields';
import { uploadOperation } from './uploadForm';

export const { description, execute } = uploadOperation({
	resource: 'file',
	operation: 'uploadToDirectory',
	fields: [directoryLocator('Directory to upload the file into')],
	path: (ctx, itemIndex) => apiPath`/disk/directory/${readDirectory(ctx, itemIndex)}/upload`,
});
