/**
 * The strict double's request shapes: a small schema language and its checker. Every route of the
 * double declares, next to its handler, the body and query the vendor's reference documents
 * (`platform.route(method, path, handler, { body, query, source })`); the double answers 400 with
 * the checker's words before the handler runs when a request does not fit, as the platform would.
 *
 * Objects are closed: a key the shape does not name is refused. Mark optional keys with `opt()`.
 * Written in erasable TypeScript only (Node 24 runs the sandbox from it directly).
 */

export type Shape =
	| { kind: 'string'; pattern?: RegExp; nonEmpty?: boolean }
	| { kind: 'boolean' }
	| { kind: 'integer'; min?: number }
	| { kind: 'number' }
	| { kind: 'any' }
	| { kind: 'enum'; values: readonly unknown[] }
	| { kind: 'array'; of: Shape; min?: number }
	| { kind: 'object'; keys: Record<string, Shape>; open?: boolean }
	| { kind: 'record'; of: Shape }
	| { kind: 'optional'; of: Shape }
	| { kind: 'nullable'; of: Shape }
	| { kind: 'oneOf'; options: Shape[] };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const str: Shape = { kind: 'string' };
export const nonEmptyStr: Shape = { kind: 'string', nonEmpty: true };
export const uuid: Shape = { kind: 'string', pattern: UUID_PATTERN };
export const bool: Shape = { kind: 'boolean' };
export const int: Shape = { kind: 'integer' };
export const uint: Shape = { kind: 'integer', min: 0 };
export const num: Shape = { kind: 'number' };
export const any: Shape = { kind: 'any' };
/** An ISO 8601 date-time string with a zone (`2026-01-01T00:00:00Z`, `...+03:00`). */
export const dateTime: Shape = {
	kind: 'string',
	pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
};

export const pattern = (regex: RegExp): Shape => ({ kind: 'string', pattern: regex });
/** A whole number written in a query string. */
export const digits: Shape = { kind: 'string', pattern: /^\d+$/ };
export const oneOf = (...values: unknown[]): Shape => ({ kind: 'enum', values });
export const arr = (of: Shape, min?: number): Shape => ({ kind: 'array', of, min });
/** A closed object: only these keys; each required unless wrapped in `opt()`. */
export const obj = (keys: Record<string, Shape>): Shape => ({ kind: 'object', keys });
/** An object that may carry keys beyond those named (field values of an application, a process context). */
export const openObj = (keys: Record<string, Shape> = {}): Shape => ({
	kind: 'object',
	keys,
	open: true,
});
/** An object whose keys are free and whose values all have one shape. */
export const record = (of: Shape): Shape => ({ kind: 'record', of });
export const opt = (of: Shape): Shape => ({ kind: 'optional', of });
export const nullable = (of: Shape): Shape => ({ kind: 'nullable', of });
export const either = (...options: Shape[]): Shape => ({ kind: 'oneOf', options });

function typeName(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value;
}

/**
 * What is wrong with `value` against `shape`, as the platform's 400 text would say it
 * (`files[0].name: string expected, got number`), or undefined when it fits.
 */
export function mismatch(value: unknown, shape: Shape, path = 'body'): string | undefined {
	switch (shape.kind) {
		case 'any':
			return value === undefined ? `${path}: required` : undefined;
		case 'optional':
			return value === undefined ? undefined : mismatch(value, shape.of, path);
		case 'nullable':
			return value === null ? undefined : mismatch(value, shape.of, path);
		case 'string':
			if (typeof value !== 'string') return `${path}: string expected, got ${typeName(value)}`;
			if (shape.nonEmpty && value.trim() === '') return `${path}: must not be empty`;
			if (shape.pattern && !shape.pattern.test(value)) {
				return `${path}: ${shape.pattern === UUID_PATTERN ? 'uuid' : `value matching ${shape.pattern}`} expected, got ${JSON.stringify(value).slice(0, 80)}`;
			}
			return undefined;
		case 'boolean':
			return typeof value === 'boolean'
				? undefined
				: `${path}: boolean expected, got ${typeName(value)}`;
		case 'integer':
			if (typeof value !== 'number' || !Number.isInteger(value))
				return `${path}: integer expected, got ${JSON.stringify(value)}`;
			return shape.min !== undefined && value < shape.min
				? `${path}: must be at least ${shape.min}`
				: undefined;
		case 'number':
			return typeof value === 'number' && Number.isFinite(value)
				? undefined
				: `${path}: number expected, got ${typeName(value)}`;
		case 'enum':
			return shape.values.includes(value)
				? undefined
				: `${path}: one of ${shape.values.map((v) => JSON.stringify(v)).join(', ')} expected, got ${JSON.stringify(value)}`;
		case 'array': {
			if (!Array.isArray(value)) return `${path}: array expected, got ${typeName(value)}`;
			if (shape.min !== undefined && value.length < shape.min)
				return `${path}: at least ${shape.min} entries expected`;
			for (let i = 0; i < value.length; i++) {
				const problem = mismatch(value[i], shape.of, `${path}[${i}]`);
				if (problem) return problem;
			}
			return undefined;
		}
		case 'record': {
			if (typeName(value) !== 'object') return `${path}: object expected, got ${typeName(value)}`;
			for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
				const problem = mismatch(entry, shape.of, `${path}.${key}`);
				if (problem) return problem;
			}
			return undefined;
		}
		case 'object': {
			if (typeName(value) !== 'object') return `${path}: object expected, got ${typeName(value)}`;
			const data = value as Record<string, unknown>;
			for (const [key, keyShape] of Object.entries(shape.keys)) {
				if (!(key in data) || data[key] === undefined) {
					if (keyShape.kind !== 'optional') return `${path}.${key}: required`;
					continue;
				}
				const problem = mismatch(data[key], keyShape, `${path}.${key}`);
				if (problem) return problem;
			}
			if (!shape.open) {
				const unknown = Object.keys(data).find((key) => !(key in shape.keys));
				if (unknown !== undefined) return `${path}.${unknown}: unknown key`;
			}
			return undefined;
		}
		case 'oneOf': {
			const problems = shape.options.map((option) => mismatch(value, option, path));
			return problems.includes(undefined) ? undefined : problems[0];
		}
	}
}

/** What a route accepts, and where that knowledge comes from (shown in the tables of docs/nodes/). */
export interface RequestShape {
	/** The JSON body; absent means the endpoint takes no body (an empty body or `{}` is accepted). */
	body?: Shape;
	/** The query string (all values are strings); absent means no query parameters are accepted. */
	query?: Shape;
	/** Raw bodies (multipart uploads) are checked by the handler itself: the checker leaves them alone. */
	raw?: boolean;
	/** `documented` (the vendor's reference page), `client` (a real client such as inse91/elma_lib), or `inferred`. */
	evidence: 'documented' | 'client' | 'inferred';
	/** The page or file the shape follows. */
	source?: string;
	/**
	 * A URL the platform hands out in an answer (a file's download link), not an operation of the
	 * API: served although the vendor's list of operations does not name it.
	 */
	link?: boolean;
}

/** The 400 text for a request that does not fit its route's shape, or undefined. */
export function checkRequest(
	shape: RequestShape,
	body: unknown,
	query: Record<string, string>,
	rawLength: number,
): string | undefined {
	if (shape.query) {
		const problem = mismatch(query, shape.query, 'query');
		if (problem) return problem;
	} else if (Object.keys(query).length > 0) {
		return `query.${Object.keys(query)[0]}: unknown parameter`;
	}
	if (shape.raw) return undefined;
	if (shape.body === undefined) {
		const empty =
			rawLength === 0 || (typeName(body) === 'object' && Object.keys(body as object).length === 0);
		return empty ? undefined : 'body: this endpoint takes no body';
	}
	if (rawLength > 0 && typeof body === 'string') return 'body: invalid JSON';
	return mismatch(body, shape.body, 'body');
}

/** A list filter: a table filter (`tf`) and/or an EQL query, as the vendor's list pages document. */
export const listFilter: Shape = obj({ tf: opt(record(any)), eql: opt(obj({ query: str })) });
/** `sortExpressions` of item lists (`{field, ascending}`). */
export const sortExpressions: Shape = arr(obj({ field: nonEmptyStr, ascending: bool }));

/**
 * The vendor's list body (app items, contract items, process instances, users ...): every key
 * optional, `extra` adds endpoint-specific keys and `omit` drops the ones an endpoint does not take.
 */
export function listBody(extra: Record<string, Shape> = {}, omit: string[] = []): Shape {
	const keys: Record<string, Shape> = {
		active: opt(bool),
		fields: opt(record(any)),
		filter: opt(listFilter),
		from: opt(uint),
		size: opt(uint),
		ids: opt(arr(uuid)),
		sortExpressions: opt(sortExpressions),
		statusCode: opt(arr(str)),
		statusGroupId: opt(uuid),
		...extra,
	};
	for (const key of omit) delete keys[key];
	return obj(keys);
}
