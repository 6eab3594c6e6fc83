import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readUuidLocator } from '../../../shared/readers/locators';
import { idLocator } from '../../../shared/descriptions/locators';

/** The process instance an operation changes, by ID. */
export function instanceField(purpose: string): INodeProperties {
	return idLocator({
		displayName: 'Instance',
		name: 'instanceId',
		description: `The process instance ${purpose}: its ID, e.g. the instanceId a Start outputs or the __id of a listed instance`,
	});
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
