import type { INodeProperties } from 'n8n-workflow';

/**
 * A locator for an object the platform publishes no list of (a process instance without a template
 * or target to search in, a restore point): typed as an ID, checked by the editor as a UUID. A
 * locator, so that a list mode can be added later without renaming the parameter.
 */
export function idLocator(options: {
	displayName: string;
	name: string;
	description: string;
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description: options.description,
		modes: [
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				validation: [
					{
						type: 'regex',
						properties: {
							regex:
								'^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$',
							errorMessage: 'Not a valid UUID',
						},
					},
				],
			},
		],
	};
}
