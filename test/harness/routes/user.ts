import type { Platform } from '../platform.ts';
import { fail, page } from '../platform.ts';
import { listBody } from '../shapes.ts';

/** Users in `users`; the list takes {filter: {tf}, ids, sortExpressions, from, size}. */
export function registerUser(platform: Platform): void {
	platform.route(
		'POST',
		'/pub/v1/user/list',
		(request, _params, p) => {
			const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
				string,
				unknown
			>;
			let users = [...p.collection('users').values()];
			if (body.ids !== undefined) {
				if (!Array.isArray(body.ids)) return fail(400, 'ids: array expected');
				users = users.filter((user) => (body.ids as unknown[]).includes(user.__id));
			}
			const tf = ((body.filter ?? {}) as { tf?: Record<string, unknown> }).tf ?? {};
			for (const [field, wanted] of Object.entries(tf)) {
				users = users.filter((user) =>
					String(user[field] ?? '')
						.toLowerCase()
						.includes(String(wanted).toLowerCase()),
				);
			}
			return page(users, body);
		},
		{
			body: listBody({}, ['active', 'fields', 'statusCode', 'statusGroupId']),
			evidence: 'documented',
			source: 'api.elma365.com/en/public-api/reference/user/userlistpost',
		},
	);
}
