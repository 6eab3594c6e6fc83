/**
 * Document flow of application items: the document lists an item is on (`docflowListRequest`) and
 * its registrations (`registrationListRequest`). No reference page of either was found (searched by
 * operationId, by path and by "docflow"/"registration" on the vendor's reference and in public
 * clients), so both bodies are inferred: an open JSON object, `{}` when the user adds nothing. The
 * items are those of the app routes; what an item is on lives in `docflowLists` and
 * `registrations`, keyed `namespace/code/id`.
 */
import type { Platform, Reply } from '../platform.ts';
import { fail, ok } from '../platform.ts';
import type { RequestShape } from '../shapes.ts';
import { openObj } from '../shapes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Both requests: POST with a JSON object of unknown keys. */
const INFERRED_BODY: RequestShape = {
	body: openObj({}),
	evidence: 'inferred',
	source:
		'vendor list (method, path, operationId); no reference page found for docflowListRequest or registrationListRequest, a JSON object inferred from the POST',
};

/** The key of an item of the app routes, or a 400/404 reply when there is no such item. */
function existingItem(
	platform: Platform,
	{ namespace, code, id }: Record<string, string>,
): string | Reply {
	if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
	if (!platform.collection(`app:${namespace}/${code}`).has(id))
		return fail(404, `item ${namespace}/${code}/${id} not found`);
	return `${namespace}/${code}/${id}`;
}

/** `{<key>: [...]}`: what is stored for the item in `collection`, an empty list by default. */
function entriesOf(platform: Platform, collection: string, key: string, answerKey: string): Reply {
	const stored = platform.collection(collection).get(key) as { entries?: unknown[] } | undefined;
	return ok({ [answerKey]: stored?.entries ?? [] });
}

export function registerDocflow(platform: Platform): void {
	platform
		.route(
			'POST',
			'/pub/v1/docflow/:namespace/:code/:id/lists',
			(_request, params, p) => {
				const key = existingItem(p, params);
				return typeof key === 'string' ? entriesOf(p, 'docflowLists', key, 'lists') : key;
			},
			INFERRED_BODY,
		)
		.route(
			'POST',
			'/pub/v1/registration/:namespace/:code/:id',
			(_request, params, p) => {
				const key = existingItem(p, params);
				return typeof key === 'string' ? entriesOf(p, 'registrations', key, 'registrations') : key;
			},
			INFERRED_BODY,
		);
}
