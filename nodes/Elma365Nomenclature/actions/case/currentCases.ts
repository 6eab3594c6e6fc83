import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readWholeList } from '../../../shared/lists/pager';
import { runMemo } from '../../../shared/transport';
import { notListed } from '../keepCurrent';

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

/** The whole case list by `__id` (the platform has no read of one case). */
async function readCaseList(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<Map<string, IDataObject>> {
	const rows = await readWholeList(ctx, {
		method: 'GET',
		path: '/nomenclature',
		paging: 'query',
		itemIndex,
	});
	const listed = new Map<string, IDataObject>();
	for (const row of rows) if (typeof row.__id === 'string') listed.set(row.__id, row);
	return listed;
}

/**
 * The case's current values: what this run last sent for it, or else its entry in the case list,
 * which is read at most once per run. Updates of one case run one after the other, so an item
 * sees what the earlier items for its case have changed.
 */
export async function currentCase(
	ctx: IExecuteFunctions,
	itemIndex: number,
	id: string,
): Promise<IDataObject> {
	const cases = casesOf(ctx);
	const written = cases.written.get(id);
	if (written) return written;
	cases.listed ??= readCaseList(ctx, itemIndex);
	const listed = (await cases.listed).get(id);
	if (!listed) throw notListed(ctx, itemIndex, 'case', id);
	return listed;
}

/** Notes the body a PUT of this run has just set on the case. */
export function rememberWritten(ctx: IExecuteFunctions, id: string, body: IDataObject): void {
	casesOf(ctx).written.set(id, body);
}
