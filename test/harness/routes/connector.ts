/**
 * The n8n connector module's API methods (elma365-module/, docs/nodes/event-trigger.md): External
 * API methods at `/api/extensions/<module id>/script/<method>` on the company's origin, called with
 * `Authorization: Bearer <token>` (vendor help `extention-api`). Not part of the public API: the
 * bodies are the connector's own contract. One module is installed, CONNECTOR_MODULE_ID; any other
 * module ID is answered 404. Subscriptions live in the `connectorSubscriptions` collection.
 */
import type { Platform } from '../platform.ts';
import { newId } from '../platform.ts';
import type { RequestShape } from '../shapes.ts';
import { arr, nonEmptyStr, obj, oneOf, pattern } from '../shapes.ts';

export const CONNECTOR_MODULE_ID = '5b0e7c1a-2f3d-4e6a-9b8c-7d1e0f2a3b4c';

export const CONNECTOR_EVENTS = [
	'item.created',
	'item.updated',
	'item.status_changed',
	'item.deleted',
	'item.comment_added',
	'user.created',
	'user.updated',
	'process.activity',
];

const SOURCE = 'elma365-module/ API methods (connector contract); vendor help extention-api';

const shape = (body?: ReturnType<typeof obj>): RequestShape => ({
	...(body ? { body } : {}),
	evidence: 'inferred',
	source: SOURCE,
});

const SUBSCRIBE = shape(
	obj({
		url: pattern(/^https?:\/\/\S+$/),
		events: arr(oneOf(...CONNECTOR_EVENTS), 1),
		applications: arr(pattern(/^[^/\s]+\/[^/\s]+$/)),
		secret: nonEmptyStr,
		key: nonEmptyStr,
	}),
);

export function subscriptions(platform: Platform) {
	return platform.collection('connectorSubscriptions');
}

export function registerConnector(platform: Platform): void {
	const base = '/api/extensions/:module/script';
	const unknownModule = (module: string) =>
		module === CONNECTOR_MODULE_ID
			? undefined
			: { status: 404, body: { error: `extension ${module} not found` } };
	platform
		.route(
			'POST',
			`${base}/subscribe`,
			(request, { module }, p) => {
				const refused = unknownModule(module);
				if (refused) return refused;
				const id = newId();
				subscriptions(p).set(id, { id, ...(request.body as Record<string, unknown>) });
				return { status: 200, body: { id } };
			},
			SUBSCRIBE,
		)
		.route(
			'POST',
			`${base}/unsubscribe`,
			(request, { module }, p) => {
				const refused = unknownModule(module);
				if (refused) return refused;
				const { id } = request.body as { id: string };
				if (!subscriptions(p).delete(id))
					return { status: 404, body: { error: `subscription ${id} not found` } };
				return { status: 200, body: { ok: true } };
			},
			shape(obj({ id: nonEmptyStr, key: nonEmptyStr })),
		)
		.route(
			'POST',
			`${base}/list`,
			(_request, { module }, p) =>
				unknownModule(module) ?? {
					status: 200,
					body: {
						subscriptions: [...subscriptions(p).values()].map(
							({ id, url, events, applications }) => ({ id, url, events, applications }),
						),
					},
				},
			shape(obj({ key: nonEmptyStr })),
		)
		.route(
			'POST',
			`${base}/ping`,
			(_request, { module }) =>
				unknownModule(module) ?? { status: 200, body: { ok: true, version: '0.1.0' } },
			shape(),
		);
}
