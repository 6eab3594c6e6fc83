import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as nomenclatureCase from './actions/case';
import * as directory from './actions/directory';
import { router } from './actions/router';
import { credentialTest, listSearch } from './methods';
import { requestOptions } from '../shared/transport/requestOptions';
import { DEFAULT_VERSION, VERSIONS } from './versions';

export class Elma365Nomenclature implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Nomenclature',
		name: 'elma365Nomenclature',
		icon: { light: 'file:../../icons/elma365.svg', dark: 'file:../../icons/elma365.dark.svg' },
		group: ['transform'],
		version: VERSIONS,
		defaultVersion: DEFAULT_VERSION,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, update and list nomenclature cases and directories in ELMA365',
		defaults: { name: 'ELMA365 Nomenclature' },
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
					{
						name: 'Case',
						value: 'case',
						description: 'Registration case (file) of the nomenclature',
					},
					{ name: 'Directory', value: 'directory', description: 'Nomenclature directory' },
				],
				default: 'case',
			},
			...nomenclatureCase.description,
			...directory.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
