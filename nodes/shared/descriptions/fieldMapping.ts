import type { INodeProperties } from 'n8n-workflow';

/**
 * The value shapes the mapper's fields take where their input does not show them, as a notice to
 * show beside the mapper: n8n 2.41's mapper field (ResourceMapperField) has no hint or description
 * and the form shows none per field, so a notice parameter is the one place the form can show them.
 */
export const valueShapesNotice: INodeProperties = {
	displayName:
		'Users: pick one, or give a UUID, e-mail or login (several as a list); items and categories: pick one where the field lists them (an application with more than 100 items is not listed), or give UUIDs / codes; money: 2500.00 EUR; files and org-structure: UUIDs (a list or comma-separated); links to any app: namespace/code/UUID; dates: 2026-03-05',
	name: 'valueShapesNotice',
	type: 'notice',
	default: '',
};

/**
 * The mapper's section as the form shows it (`valuesLabel`; n8n's own default in `add` and `map`
 * mode is the same words): errors name a field as "Values to Send > <field>".
 */
export const MAPPER_SECTION = 'Values to Send';

/** The resource mapper parameter: `add` mode where required fields must be given (create), `map` elsewhere. */
export function fieldMapper(options: { what: string; mode: 'add' | 'map' }): INodeProperties {
	return {
		displayName: MAPPER_SECTION,
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: options.mode === 'add',
		description: `Fields of the ${options.what}, read from the application's scheme, each with its type`,
		typeOptions: {
			loadOptionsDependsOn: ['namespace.value', 'application.value'],
			resourceMapper: {
				resourceMapperMethod: 'getApplicationFields',
				mode: options.mode,
				valuesLabel: MAPPER_SECTION,
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: false,
				// Without the mapping-mode select n8n shows no red "no fields" line while the
				// application is not chosen yet, only the method's notice (fields are read from
				// `value`, so "Map Automatically" never sent anything).
				supportAutoMap: false,
			},
		},
	};
}
