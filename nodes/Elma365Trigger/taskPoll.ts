import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { invalidInput, isUuid } from '../shared/validation';

/** The list the "New Task" event polls: the tasks the credential's user can see, by `__createdAt`. */
export const TASK_LIST_PATH = '/tasks/list';

/**
 * The table-filter condition of the "New Task" event: the chosen performer's tasks
 * (`{"performers": ["<uuid>"]}`), or none for every task the credential's user can see.
 */
export function taskPerformerFilter(ctx: IPollFunctions): IDataObject {
	if (ctx.getNodeParameter('taskPerformer', 'me') !== 'user') return {};
	const userId = ctx.getNodeParameter('performerId', '', { extractValue: true });
	const id = typeof userId === 'string' ? userId.trim() : '';
	if (!isUuid(id))
		throw invalidInput(
			ctx,
			undefined,
			'User',
			'a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			userId,
		);
	return { performers: [id] };
}
