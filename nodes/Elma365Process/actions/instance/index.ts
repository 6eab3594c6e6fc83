import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as interrupt from './interrupt.operation';
import * as interruptMany from './interruptMany.operation';
import * as moveAllToVersion from './moveAllToVersion.operation';
import * as moveToVersion from './moveToVersion.operation';
import * as restartStep from './restartStep.operation';
import * as restartStepMany from './restartStepMany.operation';
import * as skipStep from './skipStep.operation';
import * as skipStepMany from './skipStepMany.operation';
import * as updateContext from './updateContext.operation';

export const operations = {
	get,
	getAll,
	interrupt,
	interruptMany,
	moveAllToVersion,
	moveToVersion,
	restartStep,
	restartStepMany,
	skipStep,
	skipStepMany,
	updateContext,
};

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
	{
		name: 'Move All to Latest Version',
		value: 'moveAllToVersion',
		description:
			"Move every active instance of a process template to the template's latest published version",
		action: 'Move all instances of a template to its latest version',
	},
	{
		name: 'Move to Latest Version',
		value: 'moveToVersion',
		description: "Move a process instance to its template's latest published version",
		action: 'Move a process instance to the latest version',
	},
	{
		name: 'Restart Step',
		value: 'restartStep',
		description: 'Run the current step of a process instance again',
		action: 'Restart the current step of a process instance',
	},
	{
		name: 'Restart Step Many',
		value: 'restartStepMany',
		description: 'Run the current step of the instances of all input items again, in one request',
		action: 'Restart the current step of many process instances',
	},
	{
		name: 'Skip Step',
		value: 'skipStep',
		description: 'Skip the current step of a process instance',
		action: 'Skip the current step of a process instance',
	},
	{
		name: 'Skip Step Many',
		value: 'skipStepMany',
		description: 'Skip the current step of the instances of all input items, in one request',
		action: 'Skip the current step of many process instances',
	},
	{
		name: 'Update Context',
		value: 'updateContext',
		description: 'Change context fields of a process instance',
		action: 'Update the context of a process instance',
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
	operationSelector([...readOperations, ...controlOperations]),
	...get.description,
	...getAll.description,
	...interrupt.description,
	...interruptMany.description,
	...updateContext.description,
	...skipStep.description,
	...skipStepMany.description,
	...restartStep.description,
	...restartStepMany.description,
	...moveToVersion.description,
	...moveAllToVersion.description,
];
