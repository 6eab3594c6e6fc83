import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { PAGE_BY_PAGE, readPages, readWholeList } from '../../shared/lists/pager';
import { runMemo } from '../../shared/flow';

/**
 * The object's current values, from its list (the platform has no read of a single case or
 * directory): pages through `path` until the entry with `__id` `id` is found.
 */
export async function findListed(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: { path: string; what: string },
	id: string,
): Promise<IDataObject> {
	for await (const page of readPages(
		ctx,
		{ method: 'GET', path: request.path, paging: 'query', itemIndex },
		PAGE_BY_PAGE,
	)) {
		const found = page.find((entry) => entry.__id === id);
		if (found) return found;
	}
	throw notListed(ctx, request.what, id);
}

/** The error of an item whose case (directory) the platform's list does not show. */
function notListed(ctx: IExecuteFunctions, what: string, id: string): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`The ${what} ${id} is not in the platform's list, so its current values cannot be kept`,
		{
			description: `Update reads the ${what} first to keep the fields left empty. Check the ID, or set every field.`,
		},
	);
}

/** A field left unset takes the current value; a current value the list does not show must be set. */
export function currentValue(
	ctx: IExecuteFunctions,
	current: IDataObject,
	key: string,
	label: string,
	what: string,
): IDataObject[string] {
	const value = current[key];
	if (value === undefined || value === null || value === '') {
		throw new NodeOperationError(
			ctx.getNode(),
			`The ${what}'s current ${label} is not known: set ${label}`,
			{
				description: `The platform's list of ${what}s does not show it, and Update sends the whole ${what}, so it cannot be left as it is.`,
			},
		);
	}
	return value;
}

/** What one run of the node knows of its cases' current values. */
interface CasesOfRun {
	/** The case list by `__id`, read once, by the first item that needs it; the other items await the same read. */
	listed?: Promise<Map<string, IDataObject>>;
	/** The body of every PUT this run has sent successfully, by case ID: newer than the list. */
	written: Map<string, IDataObject>;
}

/** The run's cases (runMemo): shared by the items of one run only, at any Concurrency, and dropped with it. */
function casesOf(ctx: IExecuteFunctions): CasesOfRun {
	return runMemo<CasesOfRun>(ctx, 'nomenclatureCases', () => ({ written: new Map() }));
}

/**
 * The whole case list by `__id` (the platform has no read of one case). One read serves every item
 * of the run, so it goes with the Request Options of the first item, as other reads shared by a run.
 */
async function readCaseList(ctx: IExecuteFunctions): Promise<Map<string, IDataObject>> {
	const rows = await readWholeList(ctx, { method: 'GET', path: '/nomenclature', paging: 'query' });
	const listed = new Map<string, IDataObject>();
	for (const row of rows) if (typeof row.__id === 'string') listed.set(row.__id, row);
	return listed;
}

/**
 * The case's current values: what this run last sent for it, or else its entry in the case list,
 * which is read at most once per run. Updates of one case run one after the other, so an item
 * sees what the earlier items for its case have changed.
 */
export async function currentCase(ctx: IExecuteFunctions, id: string): Promise<IDataObject> {
	const cases = casesOf(ctx);
	const written = cases.written.get(id);
	if (written) return written;
	cases.listed ??= readCaseList(ctx);
	const listed = (await cases.listed).get(id);
	if (!listed) throw notListed(ctx, 'case', id);
	return listed;
}

/** Notes the body a PUT of this run has just set on the case. */
export function rememberWritten(ctx: IExecuteFunctions, id: string, body: IDataObject): void {
	casesOf(ctx).written.set(id, body);
}
