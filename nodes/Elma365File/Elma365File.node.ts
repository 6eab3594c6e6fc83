import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { credentialTest, listSearch } from './methods';
import { requestOptions } from '../shared/options/requestOptions';
import * as directory from './actions/directory';
import * as file from './actions/file';

export class Elma365File implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 File',
		name: 'elma365File',
		icon: { light: 'file:../../icons/file.svg', dark: 'file:../../icons/file.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Upload, download, search, move and delete files and manage directories on the ELMA365 disk',
		defaults: { name: 'ELMA365 File' },
		builderHint: {
			searchHint:
				"ELMA365 (BRIX365) disk: files and directories. Use it to upload binary data or files from links, download a file as binary data, get download links, search, move and delete files, and create, get and list directories. A file's __id is what application file fields and other nodes take; a directory ID comes from Directory > Get Many or the picker.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Puts an uploaded file ID into an item file field',
				},
				{
					nodeType: 'n8n-nodes-base.httpRequest',
					relationHint: 'Fetches a file to upload from another service',
				},
				{
					nodeType: 'n8n-nodes-base.readWriteFile',
					relationHint: 'Reads or writes the binary data uploaded or downloaded',
				},
			],
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Directory', value: 'directory', description: 'Directory on the disk' },
					{ name: 'File', value: 'file', description: 'File on the disk' },
				],
				default: 'file',
			},
			...file.description,
			...directory.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
