import type { Platform } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import { nonEmptyStr, obj, opt, str } from '../shapes.ts';
import {
	addComment,
	commentBody,
	commentListBody,
	commentPage,
	matchesFilter,
	messageListBody,
} from './channel.ts';
import type { MessageListBody } from './channel.ts';
import { harnessClock } from '../clock.ts';

const REFERENCE = 'https://api.brix365.com/en/public-api/reference/feed';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Comments on application items (the item's activity stream), in `comments`:
 * {__id, item: 'ns/code/id', title?, body, __createdAt}. The items are those of the app routes.
 */
export function registerFeed(platform: Platform): void {
	const itemOf = (p: Platform, { namespace, code, id }: Record<string, string>) =>
		UUID.test(id) ? p.collection(`app:${namespace}/${code}`).get(id) : undefined;
	// A message of the item's stream; a comment's key in `comments` is not always its __id.
	const messageOf = (p: Platform, params: Record<string, string>) =>
		[...p.collection('comments').values()].find(
			(message) =>
				message.__id === params.message &&
				message.item === `${params.namespace}/${params.code}/${params.id}`,
		);

	platform
		.route(
			'POST',
			'/pub/v1/feed/:namespace/:code/:id/message',
			(request, params, p) => {
				if (!itemOf(p, params))
					return fail(404, `item ${params.namespace}/${params.code}/${params.id} not found`);
				const { title, body } = request.body as { title?: string; body: string };
				const message = {
					__id: newId(),
					item: `${params.namespace}/${params.code}/${params.id}`,
					...(title === undefined ? {} : { title }),
					body,
					__createdAt: new Date(harnessClock.now()).toISOString(),
				};
				p.collection('comments').set(message.__id, message);
				return ok({ message });
			},
			{
				body: obj({ title: opt(str), body: nonEmptyStr }),
				evidence: 'client',
				source:
					"SendMessage: on the vendor's operation list, no reference page found; kigmixelson/alarm-manager-server (alarm_manager_server/plugins/elma.py) posts {title, body} here on a real company, the documented channel message (feed/sendchannelmessage) has the same optional title",
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
				body: messageListBody,
				evidence: 'documented',
				source: 'https://api.brix365.com/en/public-api/reference/feed/listmessage',
			},
		)
		.route(
			'POST',
			'/pub/v1/feed/:namespace/:code/:id/message/:message/comment',
			(request, params, p) => {
				const message = messageOf(p, params);
				if (!message) return fail(404, `message ${params.message} not found`);
				return addComment(message, request.body);
			},
			{
				body: commentBody,
				evidence: 'inferred',
				source: `${REFERENCE}/sendchannelmessage (the message body; SendComment shows none)`,
			},
		)
		.route(
			'POST',
			'/pub/v1/feed/:namespace/:code/:id/message/:message/comment/list',
			(request, params, p) => {
				const message = messageOf(p, params);
				if (!message) return fail(404, `message ${params.message} not found`);
				return commentPage(message, request.body);
			},
			{
				body: commentListBody,
				evidence: 'inferred',
				source: `${REFERENCE}/listmessage (its from/size; ListComment shows no body)`,
			},
		);
}
