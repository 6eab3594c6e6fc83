import type { INodeProperties } from 'n8n-workflow';
import { codeLocator, uuidLocator } from '../../../shared/pickers/locators';

/** Module Code: picked from the modules or typed as a code. */
export const moduleCodeFields: INodeProperties[] = [
	codeLocator({
		displayName: 'Module',
		name: 'moduleCode',
		searchListMethod: 'searchModuleCodes',
		placeholder: 'my_telephony',
		description: 'The telephony integration module',
	}),
];

/**
 * The Bindings list, each row an extension and its user, picked from the platform's users (searched
 * by name) or typed as an ID; then Bindings (JSON). n8n reads a picker inside a list row by its
 * indexed path.
 */
export const bindingFields: INodeProperties[] = [
	{
		displayName: 'Bindings',
		name: 'bindings',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Binding',
		default: {},
		description: 'Internal phone extensions and the platform users they belong to',
		options: [
			{
				displayName: 'Binding',
				name: 'binding',
				values: [
					{
						displayName: 'Extension',
						name: 'extension',
						type: 'string',
						default: '',
						placeholder: '101',
						description: 'Internal phone extension',
					},
					uuidLocator({
						displayName: 'User',
						name: 'userId',
						searchListMethod: 'searchUsers',
						description: 'The platform user the extension belongs to',
					}),
				],
			},
		],
	},
	{
		displayName: 'Bindings (JSON)',
		name: 'bindingsJson',
		type: 'json',
		default: '[]',
		description:
			'More bindings, as [{"extension": "101", "userId": "uuid"}] or {"101": "uuid"}; they win over the list above for the same extension',
	},
];
