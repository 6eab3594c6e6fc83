import type { Platform, Reply } from '../platform.ts';
import { fail, ok } from '../platform.ts';
import type { RequestShape } from '../shapes.ts';
import { obj, opt, str } from '../shapes.ts';

const REFERENCE = 'api.brix365.com/en/public-api/reference/storage';

/** The stored values of every scope, by `<scope path>` (`system/<key>`, `<ns>/<key>`, `<ns>/<code>/<key>`). */
export function storedValues(platform: Platform): Map<string, Record<string, unknown>> {
	return platform.collection('storage');
}

/** One scope's three operations on the same path: read, write (`{"data": "<text>"}`) and delete. */
function registerScope(
	platform: Platform,
	path: string,
	address: (params: Record<string, string>) => string,
	shapes: { get: RequestShape; set: RequestShape; delete: RequestShape },
): void {
	const missing = (params: Record<string, string>): Reply =>
		fail(404, `key "${params.key}" not found`);
	platform
		.route(
			'GET',
			path,
			(_request, params, p) => {
				const entry = storedValues(p).get(address(params));
				return entry ? ok({ data: entry.data }) : missing(params);
			},
			shapes.get,
		)
		.route(
			'POST',
			path,
			(request, params, p) => {
				const body = (request.body ?? {}) as Record<string, unknown>;
				storedValues(p).set(address(params), { data: body.data ?? '' });
				return ok();
			},
			shapes.set,
		)
		.route(
			'DELETE',
			path,
			(_request, params, p) => {
				if (!storedValues(p).delete(address(params))) return missing(params);
				return ok();
			},
			shapes.delete,
		);
}

/** What a storage page documents for each operation, or from what it is inferred. */
function shapesOf(scope: 'system' | 'namespace' | 'application'): {
	get: RequestShape;
	set: RequestShape;
	delete: RequestShape;
} {
	const setBody = obj({ data: opt(str) });
	const inferredAnswer =
		'no reference page found; the answer carries the value under "data", as Set sends it, and a key never set answers 404';
	return {
		get: { evidence: 'inferred', source: `${scope}StorageGet: ${inferredAnswer}` },
		set:
			scope === 'application'
				? { body: setBody, evidence: 'documented', source: `${REFERENCE}/applicationstorageset` }
				: {
						body: setBody,
						evidence: 'inferred',
						source: `${scope}StorageSet: no reference page found; the body of ${REFERENCE}/applicationstorageset`,
					},
		delete: {
			evidence: 'inferred',
			source: `${scope}StorageDelete: no reference page found; no body, and a key never set answers 404`,
		},
	};
}

/**
 * The platform's key-value storage in its three scopes, values kept in memory per scope. The
 * system scope is registered first: `/storage/system/{key}` also fits `/storage/{namespace}/{key}`.
 */
export function registerStorage(platform: Platform): void {
	registerScope(
		platform,
		'/pub/v1/storage/system/:key',
		(p) => `system/${p.key}`,
		shapesOf('system'),
	);
	registerScope(
		platform,
		'/pub/v1/storage/:namespace/:key',
		(p) => `${p.namespace}/${p.key}`,
		shapesOf('namespace'),
	);
	registerScope(
		platform,
		'/pub/v1/storage/:namespace/:code/:key',
		(p) => `${p.namespace}/${p.code}/${p.key}`,
		shapesOf('application'),
	);
}
