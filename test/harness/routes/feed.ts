import type { Platform } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import { digits, nonEmptyStr, obj, opt } from '../shapes.ts';

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
			'GET',
			'/pub/v1/feed/:namespace/:code/:id/messages',
			(request, params, p) => {
				if (!itemOf(p, params))
					return fail(404, `item ${params.namespace}/${params.code}/${params.id} not found`);
				const key = `${params.namespace}/${params.code}/${params.id}`;
				const messages = [...p.collection('comments').values()].filter(
					(message) => message.item === key,
				);
				return page(messages, request.query);
			},
			{
				query: obj({ from: opt(digits), size: opt(digits) }),
				evidence: 'inferred',
				source: 'no reference page or client found; from/size paging as on the other GET lists',
			},
		);
}
