import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../shared/descriptions';
import { buildListBody, listOptions } from '../../shared/listOptions';
import { listOperation } from '../../shared/operations';

/**
 * Segments, subscribers and a segment's subscribers are listed the same way: POST with
 * {filter, from, size} in the body, paged; extra body fields go through Options.
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
		body: (ctx, itemIndex) => buildListBody(ctx, itemIndex),
	});
	return { description, execute };
}
