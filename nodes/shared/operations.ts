import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';
import { readLimit } from './descriptions';
import type { Operation } from './router';
import { apiRequest, paginate, unwrapItem } from './transport';

type PerItem<T> = (ctx: IExecuteFunctions, itemIndex: number) => T;

/**
 * One request per input item, with the body (and path) read from that item's parameters;
 * the platform's answer, unwrapped from its envelope, is the output item.
 */
export function requestOperation(options: {
	method: IHttpRequestMethods;
	path: PerItem<string>;
	body?: PerItem<IDataObject | undefined>;
	qs?: PerItem<IDataObject | undefined>;
	idempotent?: boolean;
	output?: (response: IDataObject) => IDataObject | IDataObject[];
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			// Read everything first: a validation error must stop the item before any request.
			const path = options.path(this, itemIndex);
			const body = options.body?.(this, itemIndex);
			const qs = options.qs?.(this, itemIndex);
			const response = await apiRequest(this, {
				method: options.method,
				path,
				body,
				qs,
				idempotent: options.idempotent,
				itemIndex,
			});
			return (options.output ?? unwrapItem)(response);
		},
	};
}

/** A paged list with Return All / Limit: each list entry becomes one output item. */
export function listOperation(options: {
	method: IHttpRequestMethods;
	path: PerItem<string>;
	paging: 'body' | 'query';
	body?: PerItem<IDataObject | undefined>;
	qs?: PerItem<IDataObject | undefined>;
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const path = options.path(this, itemIndex);
			const body = options.body?.(this, itemIndex);
			const qs = options.qs?.(this, itemIndex);
			const limit = readLimit(this, itemIndex);
			const results: IDataObject[] = [];
			for await (const page of paginate(this, { method: options.method, path, paging: options.paging, body, qs, limit, itemIndex })) {
				for (const entry of page) results.push(entry);
			}
			return results;
		},
	};
}
