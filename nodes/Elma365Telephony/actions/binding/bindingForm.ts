import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { codeLocator, uuidLocator } from '../../../shared/descriptions/locators';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { PICKERS_VERSION } from '../../versions';
import { apiPath } from '../../../shared/transport';
import {
	invalidInput,
	requirePathSegment,
	requireText,
	requireUuid,
} from '../../../shared/validation';

export interface Binding extends IDataObject {
	extension: string;
	userId: string;
}

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

export function readModuleCode(ctx: IExecuteFunctions, itemIndex: number): string {
	return requirePathSegment(
		ctx,
		itemIndex,
		'Module Code',
		ctx.getNodeParameter('moduleCode', itemIndex, '', { extractValue: true }),
	);
}

export function bindingsPath(code: string): string {
	return apiPath`/integration/${code}/voip/bindings`;
}

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

function parseJson(ctx: IExecuteFunctions, itemIndex: number, value: unknown): unknown {
	if (typeof value !== 'string') return value ?? [];
	if (value.trim() === '') return [];
	try {
		return JSON.parse(value);
	} catch {
		throw invalidInput(
			ctx,
			itemIndex,
			'Bindings (JSON)',
			'a JSON array of {"extension", "userId"} or an object {"extension": "userId"}',
			value,
		);
	}
}

function binding(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: string,
	extension: unknown,
	userId: unknown,
): Binding {
	const ext =
		typeof extension === 'number'
			? String(extension)
			: requireText(ctx, itemIndex, `${label} > Extension`, extension).trim();
	return { extension: ext, userId: requireUuid(ctx, itemIndex, `${label} > User ID`, userId) };
}

/** The bindings given for an item (list, then JSON), validated; one per extension, the last one given wins. */
export function readBindings(ctx: IExecuteFunctions, itemIndex: number): Binding[] {
	const byExtension = new Map<string, Binding>();
	const pairs = (ctx.getNodeParameter('bindings.binding', itemIndex, []) as IDataObject[]) ?? [];
	for (const [position, pair] of pairs.entries()) {
		// The indexed read gives the ID of a picked user (version 1.1) and a typed ID (version 1) alike.
		const userId = ctx.getNodeParameter(`bindings.binding[${position}].userId`, itemIndex, '', {
			extractValue: true,
		});
		const entry = binding(
			ctx,
			itemIndex,
			`Bindings (entry ${position + 1})`,
			pair.extension,
			userId,
		);
		byExtension.set(entry.extension, entry);
	}
	const json = parseJson(ctx, itemIndex, ctx.getNodeParameter('bindingsJson', itemIndex, '[]'));
	if (Array.isArray(json)) {
		for (const [position, pair] of json.entries()) {
			if (!pair || typeof pair !== 'object' || Array.isArray(pair)) {
				throw invalidInput(
					ctx,
					itemIndex,
					`Bindings (JSON) (entry ${position + 1})`,
					'an object {"extension", "userId"}',
					pair,
				);
			}
			const data = pair as IDataObject;
			const entry = binding(
				ctx,
				itemIndex,
				`Bindings (JSON) (entry ${position + 1})`,
				data.extension,
				data.userId,
			);
			byExtension.set(entry.extension, entry);
		}
	} else if (json && typeof json === 'object') {
		for (const [extension, userId] of Object.entries(json as IDataObject)) {
			const entry = binding(
				ctx,
				itemIndex,
				`Bindings (JSON) (extension "${extension}")`,
				extension,
				userId,
			);
			byExtension.set(entry.extension, entry);
		}
	} else {
		throw invalidInput(
			ctx,
			itemIndex,
			'Bindings (JSON)',
			'a JSON array of {"extension", "userId"} or an object {"extension": "userId"}',
			json,
		);
	}
	return [...byExtension.values()];
}

/** The bindings of a platform answer `{bindings: [...]}` (an empty list when it has none). */
export function bindingsOf(response: IDataObject): IDataObject[] {
	return Array.isArray(response.bindings) ? (response.bindings as IDataObject[]) : [];
}
