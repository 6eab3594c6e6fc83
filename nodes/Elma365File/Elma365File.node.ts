import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as directory from './actions/directory';
import * as file from './actions/file';
import { router } from './actions/router';
import { credentialTest, listSearch } from './methods';
import { requestOptions } from '../shared/descriptions/requestOptions';

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
