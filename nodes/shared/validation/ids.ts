import type { Field, NodeContext } from './errors';
import { invalidInput } from './errors';
import { hasControlCharacter, requireText } from './text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value);
}

export function requireUuid(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: unknown,
): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (!isUuid(text))
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			value,
		);
	return text;
}

/**
 * A code or ID that fills one path segment, trimmed. "." and ".." are refused: no encoding keeps
 * them in their segment, since URL parsers (WHATWG, so axios) resolve "%2E%2E" as "..".
 */
export function requirePathSegment(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	value: unknown,
): string {
	const text = requireText(ctx, itemIndex, field, value).trim();
	const problem = segmentProblem(text);
	if (problem !== undefined) throw invalidInput(ctx, itemIndex, field, problem, value);
	return text;
}

/**
 * The longest code or ID sent as a path segment. The platform states no limit; its codes are short
 * (`crm.deals`, `_system_catalogs`), and a longer one only makes an address servers refuse (414).
 */
export const MAX_SEGMENT_CHARS = 255;

/** Why a trimmed code or ID cannot be one path segment (what is expected instead); undefined when it can. */
function segmentProblem(text: string): string | undefined {
	if (text === '.' || text === '..')
		return 'a code or ID (not "." or "..", which would change the address)';
	if (text.length > MAX_SEGMENT_CHARS)
		return `a code or ID of at most ${MAX_SEGMENT_CHARS} characters`;
	if (text.includes('/')) return 'a code or ID without "/"';
	if (hasControlCharacter(text))
		return 'a code or ID without control characters (line breaks, tabs, ...)';
	return undefined;
}
