import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';
import { readUuidLocator } from '../../../shared/descriptions/locators';
import type { Operation } from '../../../shared/execution/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';

/** The item's Task (picked or typed), checked as a UUID. */
function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'taskId', 'Task');
}

/** `/tasks/{id}{suffix}` for the item's Task. */
export function readTaskPath(ctx: IExecuteFunctions, itemIndex: number, suffix: string): string {
	return `${apiPath`/tasks/${readTaskId(ctx, itemIndex)}`}${suffix}`;
}

/**
 * An operation that changes a task (complete, reassign, set dates): one request per item, whose
 * output names the task changed beside what the platform answers (often nothing but `success`).
 */
export function changeTaskOperation(options: {
	method: IHttpRequestMethods;
	suffix: string;
	body: (ctx: IExecuteFunctions, itemIndex: number) => IDataObject;
	idempotent: boolean;
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const taskId = readTaskId(this, itemIndex);
			const body = options.body(this, itemIndex);
			const path = `${apiPath`/tasks/${taskId}`}${options.suffix}`;
			const response = await apiRequest(this, {
				method: options.method,
				path,
				body,
				idempotent: options.idempotent,
				itemIndex,
			});
			return { taskId, ...body, ...unwrapItem(response) };
		},
	};
}
