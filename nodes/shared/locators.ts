import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requireUuid } from './validation';

const UUID_REGEX = '^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$';

/** A picker for an object addressed by uuid: from a searchable list, or typed in as an ID. */
export function uuidLocator(options: {
	displayName: string;
	name: string;
	searchListMethod: string;
	description: string;
	required?: boolean;
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				validation: [
					{
						type: 'regex',
						properties: { regex: UUID_REGEX, errorMessage: 'Not a valid UUID' },
					},
				],
			},
		],
	};
}

/** Reads a uuid picker's value (whatever its mode) and checks that it is a uuid. */
export function readUuidLocator(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return requireUuid(ctx, itemIndex, label, value);
}
