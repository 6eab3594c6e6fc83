import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isObject, splitList } from '../utils';
import { requireBoolean, requireDateTime, requireUuid } from '../validation';

/** The `filter` of the message list from the Filters the user added; undefined when none. */
export function readMessageFilter(
	ctx: IExecuteFunctions,
	itemIndex: number,
): IDataObject | undefined {
	const chosen = ctx.getNodeParameter('filters', itemIndex, {});
	if (!isObject(chosen)) return undefined;
	const filter: IDataObject = {};
	const authors = splitList(chosen.author);
	if (authors.length > 0)
		filter.author = authors.map((id) => requireUuid(ctx, itemIndex, 'Author IDs', id));
	for (const key of ['bodyKeywords', 'titleKeywords'] as const) {
		const words = splitList(chosen[key]);
		if (words.length > 0) filter[key] = words;
	}
	const dates = { createdFrom: 'Created From', createdTo: 'Created To' } as const;
	for (const [key, label] of Object.entries(dates)) {
		const value = chosen[key];
		if (value !== undefined && value !== '' && value !== null)
			filter[key] = requireDateTime(ctx, itemIndex, label, value);
	}
	if (chosen.hasComments !== undefined)
		filter.hasComments = requireBoolean(ctx, itemIndex, 'Has Replies', chosen.hasComments);
	return Object.keys(filter).length > 0 ? filter : undefined;
}
