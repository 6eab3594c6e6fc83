import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationsByResource } from '../../shared/execution/operation';
import * as application from './application';
import * as contract from './contract';
import * as documentTemplate from './documentTemplate';
import * as group from './group';
import * as schemeModule from './module';
import * as namespace from './namespace';
import * as page from './page';
import * as processTemplate from './processTemplate';
import * as report from './report';
import * as solution from './solution';
import * as widget from './widget';

/** The node's resources by value, in the order their parameters are listed. */
const resources = {
	group,
	namespace,
	application,
	module: schemeModule,
	solution,
	page,
	documentTemplate,
	processTemplate,
	contract,
	report,
	widget,
};

/** The Resource selector's options, sorted by name as n8n's lint expects. */
export const resourceOptions: INodePropertyOptions[] = [
	{
		name: 'Application',
		value: 'application',
		description: 'Application scheme: fields, settings, exportability',
	},
	{
		name: 'Contract',
		value: 'contract',
		description: 'Contract application scheme of a section',
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
	{ name: 'Report', value: 'report', description: 'Report scheme of a section' },
	{ name: 'Section', value: 'namespace', description: 'Section (namespace) scheme' },
	{ name: 'Solution', value: 'solution', description: 'Solution scheme' },
	{ name: 'Widget', value: 'widget', description: 'Widget scheme of a section' },
];

/** Every resource's parameters. */
export const properties: INodeProperties[] = Object.values(resources).flatMap(
	(resource) => resource.description,
);

/** Every resource's operations, for the router. */
export const operations: OperationsByResource = Object.fromEntries(
	Object.entries(resources).map(([name, resource]) => [name, resource.operations]),
);
