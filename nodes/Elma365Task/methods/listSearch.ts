import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { entryName } from '../../shared/methods/listSearch';
import { nameFilter, pagedListSearch } from '../../shared/methods/pickerSearch';
import { apiPath, apiRequest } from '../../shared/transport';
import { readListPage } from '../../shared/lists/listPage';
import { NOTHING_TO_LIST, readListDependency } from '../../shared/methods/listDependency';
import { isOpen, WORKING_STATE } from '../actions/task/taskState';

export { searchUsers } from '../../shared/methods/userSearch';

/**
 * The open tasks the credential's user can see (completing a finished one is refused), searched by
 * name on the platform (`tf.__name`), page by page; a state other than in progress is shown after
 * the name.
 */
export const searchTasks = pagedListSearch(
	(_ctx, text) => ({
		method: 'POST',
		path: '/tasks/list',
		paging: 'body',
		body: nameFilter(text),
		what: 'tasks',
		keep: isOpen,
	}),
	(task) => ({ name: taskName(task), value: String(task.__id ?? '') }),
);

/** `name (state)` for a task in a state other than in progress; the name alone otherwise. */
function taskName(task: IDataObject): string {
	const name = entryName(task);
	const { state } = task;
	return typeof state === 'string' && state !== '' && state !== WORKING_STATE
		? `${name} (${state})`
		: name;
}

/** The chosen task's exits; the value sent is the exit's ID (its code where it has no ID). */
export async function searchExits(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const taskId = readListDependency(this, 'taskId');
	if (taskId === undefined) return NOTHING_TO_LIST;
	const { items } = readListPage(
		await apiRequest(this, { method: 'GET', path: apiPath`/tasks/${taskId}/exits` }),
	);
	const needle = filter?.trim().toLowerCase();
	const results = items
		.map((exit) => ({ name: entryName(exit), value: String(exit.id ?? exit.code ?? '') }))
		.filter((exit) => exit.value !== '' && (!needle || exit.name.toLowerCase().includes(needle)));
	return { results };
}
