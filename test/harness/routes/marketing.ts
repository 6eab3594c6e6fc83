import type { Platform, RecordedRequest } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import type { RequestShape } from '../shapes.ts';
import { arr, listFilter, obj, opt, str, uint, uuid } from '../shapes.ts';

const REFERENCE = 'api.brix365.com/en/public-api/reference/marketing';
const LIST = obj({ filter: opt(listFilter), from: opt(uint), size: opt(uint) });
const MEMBERS = obj({ ids: opt(arr(uuid)) });
/** No reference page found for subscribersList or segmentSubscribersList: taken to be the documented segment list's body. */
const SUBSCRIBER_LIST: RequestShape = {
	body: LIST,
	evidence: 'inferred',
	source: `the segment list body (${REFERENCE}/segmentlist)`,
};

function bodyOf(request: RecordedRequest): Record<string, unknown> {
	return request.body && typeof request.body === 'object'
		? (request.body as Record<string, unknown>)
		: {};
}

/**
 * Marketing: segments in `segments`, subscribers in `subscribers`, membership in
 * `segmentMembers` (segment id -> {ids}).
 */
export function registerMarketing(platform: Platform): void {
	const members = (p: Platform, id: string): string[] => {
		const entry = p.collection('segmentMembers').get(id) ?? { ids: [] };
		p.collection('segmentMembers').set(id, entry);
		return entry.ids as string[];
	};
	const change =
		(action: 'add' | 'remove') =>
		(request: RecordedRequest, { id }: Record<string, string>, p: Platform) => {
			if (!p.collection('segments').has(id)) return fail(404, `segment ${id} not found`);
			const ids = bodyOf(request).ids;
			if (!Array.isArray(ids) || ids.length === 0)
				return fail(400, 'ids: non-empty array expected');
			for (const subscriberId of ids as string[]) {
				if (!p.collection('subscribers').has(subscriberId))
					return fail(400, `subscriber ${subscriberId} not found`);
			}
			const current = members(p, id);
			const next =
				action === 'add'
					? [
							...current,
							...(ids as string[]).filter((subscriberId) => !current.includes(subscriberId)),
						]
					: current.filter((subscriberId) => !ids.includes(subscriberId));
			p.collection('segmentMembers').set(id, { ids: next });
			return ok({});
		};
	platform
		.route(
			'PUT',
			'/pub/v1/marketing/segment',
			(request, _params, p) => {
				const body = bodyOf(request);
				if (typeof body.name !== 'string' || body.name === '') return fail(400, 'name: required');
				const item = { ...body, __id: newId() };
				p.collection('segments').set(item.__id, item);
				return ok({ item });
			},
			{
				body: obj({ externalId: opt(str), name: opt(str), preference: opt(uuid) }),
				evidence: 'documented',
				source: 'api.elma365.com/en/public-api/reference/marketing/createsegment',
			},
		)
		.route(
			'POST',
			'/pub/v1/marketing/segment',
			(request, _params, p) => page([...p.collection('segments').values()], bodyOf(request)),
			{
				body: LIST,
				evidence: 'documented',
				source: `${REFERENCE}/segmentlist`,
			},
		)
		.route(
			'GET',
			'/pub/v1/marketing/segment/:id',
			(_request, { id }, p) => {
				const item = p.collection('segments').get(id);
				return item ? ok({ item }) : fail(404, `segment ${id} not found`);
			},
			{ evidence: 'documented', source: 'platform-api.md 4.9 (method and path; no body)' },
		)
		.route('PATCH', '/pub/v1/marketing/segment/:id/subscribers/add', change('add'), {
			body: MEMBERS,
			evidence: 'inferred',
			source: `addSegmentSubscribers: on the vendor list, no reference page found; the body is inferred from the remove page (${REFERENCE}/deletesegmentsubscribers)`,
		})
		.route('PATCH', '/pub/v1/marketing/segment/:id/subscribers/remove', change('remove'), {
			body: MEMBERS,
			evidence: 'documented',
			source: `${REFERENCE}/deletesegmentsubscribers`,
		})
		.route(
			'POST',
			'/pub/v1/marketing/segment/:id/subscribers',
			(request, { id }, p) => {
				if (!p.collection('segments').has(id)) return fail(404, `segment ${id} not found`);
				const subscribers = members(p, id)
					.map((subscriberId) => p.collection('subscribers').get(subscriberId))
					.filter(Boolean);
				return page(subscribers, bodyOf(request));
			},
			SUBSCRIBER_LIST,
		)
		.route(
			'POST',
			'/pub/v1/marketing/subscriber',
			(request, _params, p) => page([...p.collection('subscribers').values()], bodyOf(request)),
			SUBSCRIBER_LIST,
		);
}
