import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { Operation } from './operation';

/** Plain-words explanations of HTTP statuses that mean something particular for an area or operation. */
export type StatusHints = Record<number, string>;

/** Adds the hint for the error's HTTP status (if any) to its message and description; returns the error. */
export function explainStatus(error: unknown, hints: StatusHints): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode === undefined || error.httpCode === null)
		return error;
	const hint = hints[Number(error.httpCode)];
	if (!hint || error.message.includes(hint)) return error;
	error.message = `${error.message} (${hint})`;
	error.description = error.description ? `${hint} ${error.description}` : hint;
	return error;
}

/**
 * How an operation's errors are explained: `thrown` for an error an item's run (or a grouped run as
 * a whole) throws, which may read more to explain it; `settled` for an item's outcome in a grouped
 * run, at once, since a run without Continue On Fail stops at the first failed item before the
 * next request leaves.
 */
export interface Explainer {
	thrown: (error: unknown, ctx: IExecuteFunctions) => unknown;
	settled: (error: unknown, ctx: IExecuteFunctions) => unknown;
}

/** Wraps an operation so that every error it throws, per item or grouped, goes through `explain` (with the run's context). */
export function explainingErrors<T extends Operation>(operation: T, explain: Explainer): T {
	const wrapped: Operation = {};
	if (operation.execute) {
		const execute = operation.execute;
		wrapped.execute = async function (this, itemIndex) {
			try {
				return await execute.call(this, itemIndex);
			} catch (error) {
				throw await explain.thrown(error, this);
			}
		};
	}
	if (operation.executeAll) {
		const executeAll = operation.executeAll;
		wrapped.executeAll = async function (this, itemCount, settle) {
			try {
				await executeAll.call(this, itemCount, (itemIndex, outcome) =>
					settle(
						itemIndex,
						'error' in outcome
							? { ...outcome, error: explain.settled(outcome.error, this) }
							: outcome,
					),
				);
			} catch (error) {
				throw await explain.thrown(error, this);
			}
		};
	}
	return { ...operation, ...wrapped } as T;
}

/** Wraps an operation so that every error it throws is explained with `hints`. */
export function withStatusHints<T extends Operation>(operation: T, hints: StatusHints): T {
	const explain = (error: unknown) => explainStatus(error, hints);
	return explainingErrors(operation, { thrown: explain, settled: explain });
}
