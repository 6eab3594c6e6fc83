import type { INodeProperties } from 'n8n-workflow';
import { codeLocator, uuidLocator } from '../../../shared/descriptions/locators';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { PICKERS_VERSION } from '../../versions';

/** Module Code: typed in version 1; from version 1.1, under the same name, picked from the modules or typed as a code. */
export const moduleCodeFields: INodeProperties[] = [
	...beforeVersion(PICKERS_VERSION, [
		{
			displayName: 'Module Code',
			name: 'moduleCode',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'my_telephony',
			description: 'Code of the telephony integration module',
		},
	]),
	...sinceVersion(PICKERS_VERSION, [
		codeLocator({
			displayName: 'Module',
			name: 'moduleCode',
			searchListMethod: 'searchModuleCodes',
			placeholder: 'my_telephony',
			description: 'The telephony integration module',
		}),
	]),
];

/** The Bindings list, whose rows name the user by `user` (a typed ID or a picker). */
function bindingsCollection(user: INodeProperties): INodeProperties {
	return {
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
					user,
				],
			},
		],
	};
}

/**
 * Version 1 types each user's ID; from version 1.1 the user is picked from the platform's users
 * (searched by name) or typed as an ID. n8n reads a picker inside a list row by its indexed path.
 */
export const bindingFields: INodeProperties[] = [
	...beforeVersion(PICKERS_VERSION, [
		bindingsCollection({
			displayName: 'User ID',
			name: 'userId',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'ID of the platform user the extension belongs to',
		}),
	]),
	...sinceVersion(PICKERS_VERSION, [
		bindingsCollection(
			uuidLocator({
				displayName: 'User',
				name: 'userId',
				searchListMethod: 'searchUsers',
				description: 'The platform user the extension belongs to',
			}),
		),
	]),
	{
		displayName: 'Bindings (JSON)',
		name: 'bindingsJson',
		type: 'json',
		default: '[]',
		description:
			'More bindings, as [{"extension": "101", "userId": "uuid"}] or {"101": "uuid"}; they win over the list above for the same extension',
	},
];
