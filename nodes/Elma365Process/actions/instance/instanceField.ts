import type { IExecuteFunctions } from 'n8n-workflow';
import { readUuidLocator } from '../../../shared/pickers/locators';

/** The item's Instance, checked as a UUID. */
export function readInstanceId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'instanceId', 'Instance');
}

/** Items that change the same instance run one after the other, in input order, at any Concurrency. */
export function instanceOrderKey(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter('instanceId', itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}
