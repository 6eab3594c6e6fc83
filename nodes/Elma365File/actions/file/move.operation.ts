import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint, showFor } from '../../../shared/display';
import { apiRequest } from '../../../shared/transport';
import {
	directoryLocator,
	fileIdField,
	readDirectory,
	readFileId,
	unwrapFile,
} from '../diskParameters';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('file', 'move', [
	{
		...fileIdField,
		description:
			'A stored file to move, by its __id (as Upload to Directory or Search output it), or a temporary upload to store in the directory, by its hash (as File > Upload outputs it); sent as files[0].hash, which the vendor calls the file ID',
	},
	directoryLocator('Directory to move the file into, sent as the directoryID query parameter'),
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: '={{ $json.name }}',
		description:
			'Name of the file in the directory, sent as files[0].name; left empty, it is not sent and the platform keeps the name it has',
	},
	{
		displayName: 'Additional Body Fields (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		description: `${jsonEscapeHatchHint}. The form sends {"files": [{"hash", "name"}]}; these keys are added beside "files".`,
	},
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** Moves of one file run one after the other, in input order. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readFileId(ctx, itemIndex);
}

/**
 * `POST /disk/file/move?directoryID=<uuid>` with `{"files": [{"hash", "name"}]}`
 * (api.elma365.com/en/public-api/reference/disk/persistormovefiletodirectory/): moves a file, or makes
 * a file of a temporary upload in the directory.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readMoveBody(this, itemIndex);
	const directoryID = readDirectory(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: '/disk/file/move',
		body,
		qs: { directoryID },
		idempotent: true,
		itemIndex,
	});
	return unwrapFile(response);
}

/** `{"files": [{"hash", "name"?}], ...Additional Body Fields (JSON)}`. */
function readMoveBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const entry: IDataObject = { hash: readFileId(ctx, itemIndex) };
	const name = String(ctx.getNodeParameter('fileName', itemIndex, '') ?? '').trim();
	if (name !== '') entry.name = name;
	return {
		files: [entry],
		...readJsonObject(ctx, itemIndex, 'body', 'Additional Body Fields (JSON)'),
	};
}
