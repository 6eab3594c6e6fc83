import type { INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject, showFor } from '../../../shared/descriptions';
import { requestOperation } from '../../../shared/operations';
import { directoryLocator, fileIdField, readDirectory, readFileId, unwrapFile } from '../fields';

export const description: INodeProperties[] = showFor('file', 'move', [
	fileIdField,
	directoryLocator('Directory to move the file into'),
	{
		displayName: 'Additional Body Fields (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		description: `${jsonEscapeHatchHint}. The form sends {"fileId", "directoryId"}; the platform documents no body for this endpoint, so other versions may want other keys.`,
	},
]);

export const { execute } = requestOperation({
	method: 'POST',
	path: () => '/disk/file/move',
	body: (ctx, itemIndex) => ({
		fileId: readFileId(ctx, itemIndex),
		directoryId: readDirectory(ctx, itemIndex),
		...readJsonObject(ctx, itemIndex, 'body', 'Additional Body Fields (JSON)'),
	}),
	idempotent: true,
	output: unwrapFile,
});
