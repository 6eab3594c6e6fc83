import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { PROCESS_CONTROL_VERSION } from '../../versions';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as interrupt from './interrupt.operation';
import * as interruptMany from './interruptMany.operation';

export const operations = { get, getAll, interrupt, interruptMany };

const readOperations: INodePropertyOptions[] = [
	{
		name: 'Get',
		value: 'get',
		description: 'Get a process instance',
		action: 'Get a process instance',
	},
	{
		name: 'Get Many',
		value: 'getAll',
		description: 'List process instances of a template or a target',
		action: 'Get many process instances',
	},
];

const controlOperations: INodePropertyOptions[] = [
	{
		name: 'Interrupt',
		value: 'interrupt',
		description: 'Stop a running process instance',
		action: 'Interrupt a process instance',
	},
	{
		name: 'Interrupt Many',
		value: 'interruptMany',
		description:
			'Stop the instances of all input items in one request (system administrators only)',
		action: 'Interrupt many process instances',
	},
];

function operationSelector(options: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['instance'] } },
		options,
		default: 'get',
	};
}

export const description: INodeProperties[] = [
	...beforeVersion(PROCESS_CONTROL_VERSION, [operationSelector(readOperations)]),
	...sinceVersion(PROCESS_CONTROL_VERSION, [
		operationSelector([...readOperations, ...controlOperations]),
	]),
	...get.description,
	...getAll.description,
	...interrupt.description,
	...interruptMany.description,
];
