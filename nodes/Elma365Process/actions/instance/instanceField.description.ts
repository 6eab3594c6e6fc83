import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readUuidLocator } from '../../../shared/descriptions/locators';

/**
 * The process instance an operation changes, typed as an ID (the platform publishes no list of
 * instances without a template or a target to search in). A locator, so that a list mode can be
 * added later without renaming the parameter.
 */
export function instanceField(purpose: string): INodeProperties {
	return {
		displayName: 'Instance',
		name: 'instanceId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description: `The process instance ${purpose}: its ID, e.g. the instanceId a Start outputs or the __id of a listed instance`,
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

/** The item's Instance, checked as a UUID. */
export function readInstanceId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'instanceId', 'Instance');
}

/** Items that change the same instance run one after the other, in input order, at any Concurrency. */
export function instanceOrderKey(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter('instanceId', itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}
