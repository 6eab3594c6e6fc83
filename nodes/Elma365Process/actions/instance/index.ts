import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/locators';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as interrupt from './interrupt.operation';
import * as interruptMany from './interruptMany.operation';

export const operations = { get, getAll, interrupt, interruptMany };

/** The node version that brought process control (interrupting instances). */
export const PROCESS_CONTROL_VERSION = 1.3;

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
	...beforeVersion([operationSelector(readOperations)], PROCESS_CONTROL_VERSION),
	...sinceVersion(
		[operationSelector([...readOperations, ...controlOperations])],
		PROCESS_CONTROL_VERSION,
	),
	...get.description,
	...getAll.description,
	...interrupt.description,
	...interruptMany.description,
];
