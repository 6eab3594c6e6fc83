import { uploadOperation } from './uploadForm';

export const { description, execute } = uploadOperation({
	resource: 'file',
	operation: 'upload',
	path: () => '/disk/file/upload',
});
