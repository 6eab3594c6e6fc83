import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { requireUuid } from '../shared/validation';

/** The list the "New Task" event polls: the tasks the credential's user can see, by `__createdAt`. */
export const TASK_LIST_PATH = '/tasks/list';

/**
 * The table-filter condition of the "New Task" event: the chosen performer's tasks
 * (`{"performers": ["<uuid>"]}`), or none for every task the credential's user can see.
 */
export function taskPerformerFilter(ctx: IPollFunctions): IDataObject {
	if (ctx.getNodeParameter('taskPerformer', 'me') !== 'user') return {};
	const userId = ctx.getNodeParameter('performerId', '', { extractValue: true });
	return { performers: [requireUuid(ctx, undefined, 'User', userId)] };
}
