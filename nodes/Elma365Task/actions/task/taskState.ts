import type { IDataObject } from 'n8n-workflow';

/**
 * The `state` of a task that can no longer be completed: completed (`closed`) or cancelled
 * (`cancel`). No vendor page or public client shows the values of a task's `state`, nor a list
 * filter on it, so the lists are filtered after they are read; a task in any other state, or with
 * none, counts as open (a state the package does not know is shown, never hidden).
 */
export const FINISHED_STATES: readonly string[] = ['closed', 'cancel'];

/** The state a task is being worked on in; any other is shown beside the task's name in the picker. */
export const WORKING_STATE = 'in_progress';

/** Whether the task is finished (FINISHED_STATES). */
export function isFinished(task: IDataObject): boolean {
	return typeof task.state === 'string' && FINISHED_STATES.includes(task.state);
}

/** Whether the task can still be completed (not finished). */
export function isOpen(task: IDataObject): boolean {
	return !isFinished(task);
}
