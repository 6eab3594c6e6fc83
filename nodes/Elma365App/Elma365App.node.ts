import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as application from './actions/application';
import * as comment from './actions/comment';
import * as item from './actions/item';
import { router } from './actions/router';
import { getApplicationFields, getFieldCodes } from '../shared/methods/applicationFields';
import { searchItems } from '../shared/methods/itemSearch';
import { searchApplications, searchNamespaces } from '../shared/methods/sectionSearch';
import { getStatuses, getStatusGroups } from '../shared/methods/statusOptions';
import { beforeVersion, sinceVersion } from '../shared/descriptions/locators';
import { requestOptions } from '../shared/transport/requestOptions';
import { credentialTest } from '../shared/methods/credentialTest';

/** The node version that brought item comments. */
const COMMENTS_VERSION = 1.3;

const resources = [
	{ name: 'Application', value: 'application', description: 'Applications and their statuses' },
	{ name: 'Item', value: 'item', description: 'Item of an application' },
];

const resourceSelector = (options: typeof resources) => ({
	displayName: 'Resource',
	name: 'resource',
	type: 'options' as const,
	noDataExpression: true,
	options,
	default: 'item',
});

export class Elma365App implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 App',
		name: 'elma365App',
		icon: { light: 'file:../../icons/elma365.svg', dark: 'file:../../icons/elma365.dark.svg' },
		group: ['transform'],
		version: [1, 1.1, 1.2, 1.3, 1.4],
		defaultVersion: 1.4,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create, read, update, import, comment on and set the status of application items in ELMA365',
		defaults: { name: 'ELMA365 App' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties: [
			...beforeVersion([resourceSelector(resources)], COMMENTS_VERSION),
			...sinceVersion(
				[
					resourceSelector([
						resources[0],
						{
							name: 'Comment',
							value: 'comment',
							description: "Comment in an item's activity stream",
						},
						resources[1],
					]),
				],
				COMMENTS_VERSION,
			),
			...item.description,
			...application.description,
			...comment.description,
			requestOptions,
		],
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchApplications, searchItems },
		loadOptions: { getFieldCodes, getStatuses, getStatusGroups },
		resourceMapping: { getApplicationFields },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
