import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../shared/descriptions/common';
import {
	buildListBody,
	listOptions,
	refuseUnsendableOptions,
} from '../../shared/lists/listOptions';
import { listOperation } from '../../shared/execution/operations';

/** The documented list body is {filter, from, size}: no place for IDs or sort rules. */
const UNSUPPORTED = ['ids', 'sort'];

/**
 * Segments, subscribers and a segment's subscribers are listed the same way: POST with
 * {filter, from, size} in the body, paged (api.brix365.com/en/public-api/reference/marketing/segmentlist);
 * extra body fields go through Options.
 */
export function marketingList(options: {
	resource: string;
	operation: string;
	path: (ctx: IExecuteFunctions, itemIndex: number) => string;
	fields?: INodeProperties[];
}) {
	const description: INodeProperties[] = showFor(options.resource, options.operation, [
		...(options.fields ?? []),
		...returnAllOrLimit,
		listOptions({}),
	]);
	const { execute } = listOperation({
		method: 'POST',
		paging: 'body',
		path: options.path,
		body: (ctx, itemIndex) => {
			refuseUnsendableOptions(
				ctx,
				itemIndex,
				UNSUPPORTED,
				'marketing lists take only a table filter (and Additional Body)',
			);
			return buildListBody(ctx, itemIndex);
		},
	});
	return { description, execute };
}
