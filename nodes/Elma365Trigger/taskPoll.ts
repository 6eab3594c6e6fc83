import type { IPollFunctions } from 'n8n-workflow';
import { apiPath } from '../shared/transport';
import { requireUuid } from '../shared/validation';

/**
 * The list the "New Task" event polls, by `__createdAt`: every task the credential's user can see
 * (`/tasks/list`, operation tasksList), or the chosen user's tasks (`/tasks/list/of/{id}`,
 * operation tasksListOfUser).
 */
export function taskListPath(ctx: IPollFunctions): string {
	if (ctx.getNodeParameter('taskPerformer', 'me') !== 'user') return '/tasks/list';
	const userId = ctx.getNodeParameter('performerId', '', { extractValue: true });
	return apiPath`/tasks/list/of/${requireUuid(ctx, undefined, 'User', userId)}`;
}
