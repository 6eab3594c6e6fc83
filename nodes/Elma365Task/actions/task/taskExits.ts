import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readListPage } from '../../../shared/lists/listPage';
import { apiPath, apiRequest, refusalOf, reworded } from '../../../shared/transport';
import { toolArgument } from '../../../shared/validation/toolArguments';

/** Statuses of a completion refused for what it sent (not for the key, the quota or a missing task). */
function isRefusedBody(status: number | undefined): boolean {
	return (
		status !== undefined && status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status)
	);
}

/**
 * A completion the platform refused, with the task's exits named where `exitId` is none of them
 * (a person, or an agent, gave the exit's name or a guess): one read of the exits, after the failure
 * only. Any other error, or exits that cannot be read, stay as they are.
 */
export async function withTaskExits(
	ctx: IExecuteFunctions,
	error: unknown,
	taskId: string,
	exitId: string,
): Promise<unknown> {
	if (!isRefusedBody(refusalOf(error)?.status)) return error;
	let exits: IDataObject[];
	try {
		const answer = await apiRequest(ctx, {
			method: 'GET',
			path: apiPath`/tasks/${taskId}/exits`,
			idempotent: true,
		});
		exits = readListPage(answer).items;
	} catch {
		return error;
	}
	const ids = exits.map(exitIdOf);
	if (ids.includes(exitId)) return error;
	const given = toolArgument(ctx.getNode(), 'exitId');
	const subject = given ? `the tool argument "${given}"` : 'Exit';
	const named = exits.map((exit) => `"${exitIdOf(exit)}" (${exitName(exit)})`).join(', ');
	const meant = exits.find((exit) => exitName(exit).toLowerCase() === exitId.toLowerCase());
	const guess = meant
		? ` "${exitId}" is the name of exit "${exitIdOf(meant)}": give that ID.`
		: ' Give one of these IDs.';
	return reworded(error, {
		hint: `${subject} takes the ID of one of the task's exits (its id field, as the task's list of exits gives it), and "${exitId}" is none of them. The task's exits: ${named || 'none'}.${guess}`,
	});
}

/** The value an exit is completed by: its ID (its code where it has none), as the Exit picker sends it. */
function exitIdOf(exit: IDataObject): string {
	return String(exit.id ?? exit.code ?? '');
}

function exitName(exit: IDataObject): string {
	return String(exit.name ?? exit.__name ?? exitIdOf(exit));
}
