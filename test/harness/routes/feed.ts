import type { Platform } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import { arr, bool, dateTime, nonEmptyStr, obj, opt, str, uint, uuid } from '../shapes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Comments on application items (the item's activity stream), in `comments`:
 * {__id, item: 'ns/code/id', body, __createdAt}. The items are those of the app routes.
 */
export function registerFeed(platform: Platform): void {
	const itemOf = (p: Platform, { namespace, code, id }: Record<string, string>) =>
		UUID.test(id) ? p.collection(`app:${namespace}/${code}`).get(id) : undefined;

	platform
		.route(
			'POST',
			'/pub/v1/feed/:namespace/:code/:id/message',
			(request, params, p) => {
				if (!itemOf(p, params))
					return fail(404, `item ${params.namespace}/${params.code}/${params.id} not found`);
				const message = {
					__id: newId(),
					item: `${params.namespace}/${params.code}/${params.id}`,
					body: (request.body as { body: string }).body,
					__createdAt: new Date().toISOString(),
				};
				p.collection('comments').set(message.__id, message);
				return ok({ message });
			},
			{
				body: obj({ body: nonEmptyStr }),
				evidence: 'inferred',
				source:
					'platform-facts.md: /feed/{ns}/{code}/{item}/message used by real clients; the body is inferred',
			},
		)
		.route(
			'POST',
			'/pub/v1/feed/:namespace/:code/:id/message/list',
			(request, params, p) => {
				if (!itemOf(p, params))
					return fail(404, `item ${params.namespace}/${params.code}/${params.id} not found`);
				const key = `${params.namespace}/${params.code}/${params.id}`;
				const { filter = {}, from, size } = (request.body ?? {}) as MessageListBody;
				const messages = [...p.collection('comments').values()].filter(
					(message) => message.item === key && matchesFilter(message, filter),
				);
				// The page's default size is 10.
				return page(messages, { from, size: size ?? 10 });
			},
			{
				body: obj({
					filter: opt(
						obj({
							author: opt(arr(uuid)),
							bodyKeywords: opt(arr(str)),
							createdFrom: opt(dateTime),
							createdTo: opt(dateTime),
							files: opt(arr(uuid)),
							hasComments: opt(bool),
							titleKeywords: opt(arr(str)),
						}),
					),
					from: opt(uint),
					size: opt(uint),
				}),
				evidence: 'documented',
				source: 'https://api.brix365.com/en/public-api/reference/feed/listmessage',
			},
		);
}

interface MessageFilter {
	author?: string[];
	bodyKeywords?: string[];
	titleKeywords?: string[];
	createdFrom?: string;
	createdTo?: string;
	files?: string[];
	hasComments?: boolean;
}

interface MessageListBody {
	filter?: MessageFilter;
	from?: number;
	size?: number;
}

/** Whether a stored message passes the documented filter (every condition given must hold). */
function matchesFilter(message: Record<string, unknown>, filter: MessageFilter): boolean {
	const contains = (text: unknown, keywords: string[] | undefined) =>
		(keywords ?? []).every((keyword) =>
			String(text ?? '')
				.toLowerCase()
				.includes(keyword.toLowerCase()),
		);
	const created = Date.parse(String(message.__createdAt));
	if (filter.author && !filter.author.includes(String(message.author))) return false;
	if (
		!contains(message.body, filter.bodyKeywords) ||
		!contains(message.title, filter.titleKeywords)
	)
		return false;
	if (filter.createdFrom && created < Date.parse(filter.createdFrom)) return false;
	if (filter.createdTo && created > Date.parse(filter.createdTo)) return false;
	const files = (message.files ?? []) as string[];
	if (filter.files && !filter.files.some((file) => files.includes(file))) return false;
	const comments = (message.comments ?? []) as unknown[];
	if (filter.hasComments !== undefined && filter.hasComments !== comments.length > 0) return false;
	return true;
}
