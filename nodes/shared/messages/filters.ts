import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isObject, splitList } from '../utils';
import { requireBoolean, requireDateTime, requireUuid } from '../validation';

/**
 * The documented filter of a message list, the same for an item's activity stream and a channel
 * (reference pages https://api.brix365.com/en/public-api/reference/feed/listmessage and
 * .../feed/listchannelmessage), one option per condition; `noun` names what is listed.
 */
export const messageFilters = (noun: 'comments' | 'messages'): INodeProperties => ({
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			displayName: 'Author IDs',
			name: 'author',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
			description: `Only ${noun} posted by these users: user IDs, separated by commas`,
		},
		{
			displayName: 'Created From',
			name: 'createdFrom',
			type: 'dateTime',
			default: '',
			description: `Only ${noun} posted at or after this time (without a zone, in the workflow's)`,
		},
		{
			displayName: 'Created To',
			name: 'createdTo',
			type: 'dateTime',
			default: '',
			description: `Only ${noun} posted at or before this time (without a zone, in the workflow's)`,
		},
		{
			displayName: 'Has Replies',
			name: 'hasComments',
			type: 'boolean',
			default: true,
			description: `Whether to list only ${noun} that have replies (on) or only those without (off)`,
		},
		{
			displayName: 'Text Contains',
			name: 'bodyKeywords',
			type: 'string',
			default: '',
			placeholder: 'invoice, approved',
			description: `Only ${noun} whose text holds these words, separated by commas`,
		},
		{
			displayName: 'Title Contains',
			name: 'titleKeywords',
			type: 'string',
			default: '',
			description: `Only ${noun} whose title holds these words, separated by commas`,
		},
	],
});

/** The `filter` of the message list from the Filters the user added; undefined when none. */
export function readMessageFilter(
	ctx: IExecuteFunctions,
	itemIndex: number,
): IDataObject | undefined {
	const chosen = ctx.getNodeParameter('filters', itemIndex, {});
	if (!isObject(chosen)) return undefined;
	const filter: IDataObject = {};
	const authors = splitList(chosen.author);
	if (authors.length > 0) filter.author = authors.map((id) => requireUuid('Author IDs', id));
	for (const key of ['bodyKeywords', 'titleKeywords'] as const) {
		const words = splitList(chosen[key]);
		if (words.length > 0) filter[key] = words;
	}
	const dates = { createdFrom: 'Created From', createdTo: 'Created To' } as const;
	for (const [key, label] of Object.entries(dates)) {
		const value = chosen[key];
		if (value !== undefined && value !== '' && value !== null)
			filter[key] = requireDateTime(ctx, label, value);
	}
	if (chosen.hasComments !== undefined)
		filter.hasComments = requireBoolean('Has Replies', chosen.hasComments);
	return Object.keys(filter).length > 0 ? filter : undefined;
}
