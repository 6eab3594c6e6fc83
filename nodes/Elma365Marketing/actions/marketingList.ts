import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { buildListBody, refuseUnsendableOptions } from '../../shared/lists/listOptions';

/** The documented list body is {filter, from, size}: no place for IDs or sort rules. */
const UNSUPPORTED = ['ids', 'sort'];

/**
 * The body of a marketing list (segments, subscribers, a segment's subscribers): `{filter}` and the
 * Options' additional body, paged by from/size
 * (api.brix365.com/en/public-api/reference/marketing/segmentlist); IDs and Sort are refused when set.
 */
export function readMarketingListBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	refuseUnsendableOptions(
		ctx,
		itemIndex,
		UNSUPPORTED,
		'marketing lists take only a table filter (and Additional Body)',
	);
	return buildListBody(ctx, itemIndex);
}
