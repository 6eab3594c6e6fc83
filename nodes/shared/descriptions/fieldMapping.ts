import type { INodeProperties } from 'n8n-workflow';

/**
 * The value shapes the mapper's fields take where their input does not show them, as a notice to
 * show beside the mapper: n8n 2.41's mapper shows no hint or description, per field or for the
 * whole mapper, so a notice parameter is the place the form can show them.
 */
export const valueShapesNotice: INodeProperties = {
	displayName:
		'Values the fields take: money {"cents": 150000, "currency": "EUR"}; users, items, files and org-structure UUIDs (a list or comma-separated); categories by code; links to any app namespace/code/UUID; dates 2026-03-05',
	name: 'valueShapesNotice',
	type: 'notice',
	default: '',
};

/** The resource mapper parameter: `add` mode where required fields must be given (create), `map` elsewhere. */
export function fieldMapper(options: { what: string; mode: 'add' | 'map' }): INodeProperties {
	return {
		displayName: 'Fields to Send',
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
