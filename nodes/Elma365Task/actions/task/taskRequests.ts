import type { IExecuteFunctions } from 'n8n-workflow';
import { readUuidLocator } from '../../../shared/readers/locators';

/** The item's Task (picked or typed), checked as a UUID. */
export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'taskId', 'Task');
}
