import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationsByResource } from '../../shared/execution/router';
import * as group from './group';
import { schemeResource } from './schemeOperations';
import { SCHEME_ROWS } from './table';

/** Resources whose operations are all table rows. */
const fromTable = {
	namespace: schemeResource('namespace', SCHEME_ROWS, 'getAll'),
	application: schemeResource('application', SCHEME_ROWS, 'getAll'),
	module: schemeResource('module', SCHEME_ROWS, 'getAll'),
	solution: schemeResource('solution', SCHEME_ROWS, 'getAll'),
	page: schemeResource('page', SCHEME_ROWS, 'getAll'),
	documentTemplate: schemeResource('documentTemplate', SCHEME_ROWS, 'getAllInNamespace'),
	processTemplate: schemeResource('processTemplate', SCHEME_ROWS, 'getAllInNamespace'),
};

export const resourceOptions: INodePropertyOptions[] = [
	{
		name: 'Application',
		value: 'application',
		description: 'Application scheme: fields, settings, exportability',
	},
	{ name: 'Document Template', value: 'documentTemplate', description: 'Document-template scheme' },
	{
		name: 'Group',
		value: 'group',
		description: 'Group scheme and its members (users, positions, sub-groups)',
	},
	{ name: 'Module', value: 'module', description: 'Module scheme' },
	{ name: 'Page', value: 'page', description: 'Page scheme of a section' },
	{
		name: 'Process Template',
		value: 'processTemplate',
		description: 'Business-process template scheme',
	},
	{ name: 'Section', value: 'namespace', description: 'Section (namespace) scheme' },
	{ name: 'Solution', value: 'solution', description: 'Solution scheme' },
];

export const properties: INodeProperties[] = [
	...group.description,
	...Object.values(fromTable).flatMap((resource) => resource.description),
];

export const operations: OperationsByResource = {
	group: group.operations,
	...Object.fromEntries(
		Object.entries(fromTable).map(([name, resource]) => [name, resource.operations]),
	),
};
