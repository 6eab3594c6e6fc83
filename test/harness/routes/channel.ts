import type { Platform, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import type { Shape } from '../shapes.ts';
import { arr, bool, dateTime, int, nonEmptyStr, obj, opt, str, uint, uuid } from '../shapes.ts';
import { harnessClock } from '../clock.ts';

const REFERENCE = 'https://api.brix365.com/en/public-api/reference/feed';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The documented body of a new channel message: every key optional (feed/sendchannelmessage). */
export const messageBodyKeys: Record<string, Shape> = {
	body: opt(str),
	files: opt(arr(obj({ hash: opt(str), name: opt(str), size: opt(int) }))),
	mentions: opt(arr(str)),
	title: opt(str),
};

/**
 * A comment on a message: inferred from the documented message body, with the text required (no
 * page found shows the body of SendComment or SendChannelComment).
 */
export const commentBody: Shape = obj({ ...messageBodyKeys, body: nonEmptyStr });

/** The documented message list body of a stream or a channel (feed/listmessage, feed/listchannelmessage). */
export const messageListBody: Shape = obj({
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
});

/** A comment list body: `from`/`size` only, inferred from the documented message lists. */
export const commentListBody: Shape = obj({ from: opt(uint), size: opt(uint) });

/** A message's comments paged with from/size in the body; the pages' default size is 10. */
export function commentPage(message: Record<string, unknown>, body: unknown): Reply {
	const { from, size } = (body ?? {}) as { from?: number; size?: number };
	return page((message.comments ?? []) as unknown[], { from, size: size ?? 10 });
}

/** Adds the posted comment to the message's `comments` and answers it under `comment`. */
export function addComment(message: Record<string, unknown>, body: unknown): Reply {
	const comment = {
		__id: newId(),
		...(body as Record<string, unknown>),
		__createdAt: new Date(harnessClock.now()).toISOString(),
	};
	message.comments = [...((message.comments ?? []) as unknown[]), comment];
	return ok({ comment });
}

/**
 * Channels (`channels`: {__id, name}) and their messages (`channelMessages`: {__id, channel, title,
 * body, mentions, files, comments, __createdAt}).
 */
export function registerChannel(platform: Platform): void {
	const channelOf = (p: Platform, channel: string) =>
		UUID.test(channel) ? p.collection('channels').get(channel) : undefined;
	const messageOf = (p: Platform, { channel, id }: Record<string, string>) =>
		[...p.collection('channelMessages').values()].find(
			(message) => message.__id === id && message.channel === channel,
		);
	const inferred = 'inferred';

	platform
		.route(
			'GET',
			'/pub/v1/channel',
			(_request, _params, p) => {
				const channels = [...p.collection('channels').values()];
				return ok({ result: { result: channels, total: channels.length } });
			},
			{
				evidence: inferred,
				source: 'vendor-operations list (ListChannel, GET, no query); the answer is inferred',
			},
		)
		.route(
			'POST',
			'/pub/v1/channel/:channel/message',
			(request, { channel }, p) => {
				if (!channelOf(p, channel)) return fail(404, `channel ${channel} not found`);
				const message = {
					__id: newId(),
					channel,
					...(request.body as Record<string, unknown>),
					comments: [],
					__createdAt: new Date(harnessClock.now()).toISOString(),
				};
				p.collection('channelMessages').set(message.__id, message);
				return ok({ message });
			},
			{
				body: obj(messageBodyKeys),
				evidence: 'documented',
				source: `${REFERENCE}/sendchannelmessage`,
			},
		)
		.route(
			'POST',
			'/pub/v1/channel/:channel/message/list',
			(request, { channel }, p) => {
				if (!channelOf(p, channel)) return fail(404, `channel ${channel} not found`);
				const { filter = {}, from, size } = (request.body ?? {}) as MessageListBody;
				const messages = [...p.collection('channelMessages').values()].filter(
					(message) => message.channel === channel && matchesFilter(message, filter),
				);
				return page(messages, { from, size: size ?? 10 });
			},
			{ body: messageListBody, evidence: 'documented', source: `${REFERENCE}/listchannelmessage` },
		)
		.route(
			'POST',
			'/pub/v1/channel/:channel/message/:id/comment',
			(request, params, p) => {
				const message = messageOf(p, params);
				if (!message) return fail(404, `message ${params.id} not found`);
				return addComment(message, request.body);
			},
			{
				body: commentBody,
				evidence: inferred,
				source: `${REFERENCE}/sendchannelmessage (the message body; SendChannelComment shows none)`,
			},
		)
		.route(
			'POST',
			'/pub/v1/channel/:channel/message/:id/comment/list',
			(request, params, p) => {
				const message = messageOf(p, params);
				if (!message) return fail(404, `message ${params.id} not found`);
				return commentPage(message, request.body);
			},
			{
				body: commentListBody,
				evidence: inferred,
				source: `${REFERENCE}/listchannelmessage (its from/size; ListChannelComment shows no body)`,
			},
		);
}

export interface MessageFilter {
	author?: string[];
	bodyKeywords?: string[];
	titleKeywords?: string[];
	createdFrom?: string;
	createdTo?: string;
	files?: string[];
	hasComments?: boolean;
}

export interface MessageListBody {
	filter?: MessageFilter;
	from?: number;
	size?: number;
}

/** Whether a stored message passes the documented filter (every condition given must hold). */
export function matchesFilter(message: Record<string, unknown>, filter: MessageFilter): boolean {
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
