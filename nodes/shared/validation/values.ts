import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { shownValue } from '../shown';
import { toolArgument } from './toolArguments';

/**
 * A field read from one node parameter: its label on the form and the parameter's name, by which an
 * error finds the tool argument (`$fromAI`) an agent gave it.
 */
export interface ParameterField {
	label: string;
	parameter: string;
}

/** What a validator's error names: a form label, or a field read from one node parameter. */
export type Field = string | ParameterField;

/** The field read from node parameter `parameter`, shown on the form as `label`. */
export function parameterField(parameter: string, label: string): ParameterField {
	return { label, parameter };
}

/** The form label of a field. */
export function fieldLabel(field: Field): string {
	return typeof field === 'string' ? field : field.label;
}

/**
 * What every validator throws: the field, what was expected and what came. Validators know values,
 * not items: the router names the item (`namingItem`) where it runs one, a poll names none. Its own
 * message is the one without an item.
 */
export class InvalidInput extends Error {
	/** Said under the message: what to do about it. */
	description?: string;

	constructor(
		readonly field: Field,
		readonly expected: string,
		readonly value: unknown,
	) {
		super(`Invalid "${fieldLabel(field)}": expected ${expected}, got ${shownValue(value)}`);
		this.name = 'InvalidInput';
	}
}

/** The error for a value `field` refuses: `expected` is what it takes. */
export function invalidInput(field: Field, expected: string, value: unknown): InvalidInput {
	return new InvalidInput(field, expected, value);
}

/**
 * A refused value as n8n shows it: names the field, the item (none where there are no items, as in
 * a poll) and what was expected and came. Where an agent gave the value as a tool argument, it
 * names that argument first: an agent has no form, and calls a tool with one item, so the item
 * index tells it nothing. Any other error is returned as it is.
 */
export function namingItem(node: INode, error: unknown, itemIndex: number | undefined): unknown {
	if (!(error instanceof InvalidInput)) return error;
	const label = fieldLabel(error.field);
	const argument =
		typeof error.field === 'string' ? undefined : toolArgument(node, error.field.parameter);
	const where = itemIndex === undefined ? '' : ` in item ${itemIndex}`;
	const subject =
		argument === undefined
			? `"${label}"${where}`
			: `tool argument "${argument}" (field "${label}")`;
	const named = new NodeOperationError(
		node,
		`Invalid ${subject}: expected ${error.expected}, got ${shownValue(error.value)}`,
		{ itemIndex },
	);
	if (error.description !== undefined) named.description = error.description;
	return named;
}

/** A lone UTF-16 surrogate: not a character, and what encodeURIComponent refuses with a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is valid Unicode text (String.prototype.isWellFormed, which es2022 lacks). */
export function isWellFormed(value: string): boolean {
	return !LONE_SURROGATE.test(value);
}

/** Whether a text has a control character (CR, LF, NUL, ...): written without a regex, which lint forbids for these. */
export function hasControlCharacter(value: string): boolean {
	for (let index = 0; index < value.length; index++) {
		const code = value.charCodeAt(index);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}

/** A non-empty text (a finite number is taken as its digits), made of valid Unicode characters. */
export function requireText(field: Field, value: unknown): string {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string' || value.trim() === '')
		throw invalidInput(field, 'a non-empty text', value);
	if (!isWellFormed(value))
		throw invalidInput(
			field,
			'a text of valid Unicode characters (it has a lone surrogate)',
			value,
		);
	return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value);
}

/** A UUID, trimmed; `source` (where the ID comes from) goes under the error of anything else. */
export function requireUuid(field: Field, value: unknown, source?: string): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (isUuid(text)) return text;
	const error = invalidInput(field, 'a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6', value);
	if (source) error.description = `It takes an ID, not a name: ${source}.`;
	throw error;
}

/**
 * A code or ID that fills one path segment, trimmed. "." and ".." are refused: no encoding keeps
 * them in their segment, since URL parsers (WHATWG, so axios) resolve "%2E%2E" as "..".
 */
export function requirePathSegment(field: Field, value: unknown): string {
	const text = requireText(field, value).trim();
	const problem = segmentProblem(text);
	if (problem !== undefined) throw invalidInput(field, problem, value);
	return text;
}

/** A parameter's value (typed, or the one picked in a locator), checked as one path segment. */
export function requirePathParameter(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	field: string,
): string {
	return requirePathSegment(
		parameterField(parameter, field),
		ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true }),
	);
}

/** A JSON object parameter read and validated, or {} when empty. */
export function readJsonObject(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): IDataObject {
	return requireJsonObject(
		parameterField(name, label),
		ctx.getNodeParameter(name, itemIndex, '{}'),
	);
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

export function requireOneOf<T extends string>(
	field: Field,
	value: unknown,
	allowed: readonly T[],
): T {
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
		throw invalidInput(field, `one of ${allowed.map((a) => `"${a}"`).join(', ')}`, value);
	}
	return value as T;
}

export function requireInteger(
	field: Field,
	value: unknown,
	{ min }: { min?: number } = {},
): number {
	// Text counts only in decimal digits: Number() would also read "0x10", "0b11", "1e3" and "5.0".
	const number =
		typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
	const ok =
		typeof number === 'number' &&
		Number.isSafeInteger(number) &&
		(min === undefined || number >= min);
	if (!ok) {
		const expected = min === undefined ? 'a whole number' : `a whole number >= ${min}`;
		throw invalidInput(field, expected, value);
	}
	return number;
}

export function requireBoolean(field: Field, value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true') return true;
	if (value === 'false') return false;
	throw invalidInput(field, 'true or false', value);
}

/**
 * Deeper JSON is refused: n8n's HTTP client serialises a body recursively, and a body nested some
 * thousands of levels deep overflows the stack there, after validation and far from the field.
 */
export const MAX_JSON_DEPTH = 100;

/** Keys n8n's deep copies (n8n-workflow deepCopy) leave out at any level, so they would be dropped without a word. */
export const DROPPED_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * What keeps a JSON value from being sent as it is: nesting deeper than `limit` levels (walked
 * without recursion; a cycle counts as too deep), or a key n8n drops.
 */
export function unsendable(value: unknown, limit = MAX_JSON_DEPTH): string | undefined {
	const stack: Array<[unknown, number]> = [[value, 1]];
	while (stack.length > 0) {
		const [current, depth] = stack.pop()!;
		if (!current || typeof current !== 'object') continue;
		if (depth > limit) return `a JSON object nested at most ${limit} levels deep`;
		const dropped = DROPPED_KEYS.find((key) => Object.hasOwn(current, key));
		if (dropped !== undefined)
			return `a JSON object without the key "${dropped}" (n8n drops "__proto__", "constructor" and "prototype")`;
		for (const child of Object.values(current)) stack.push([child, depth + 1]);
	}
	return undefined;
}

/**
 * A value as it will be sent (parsed JSON, or an object from an expression), refused naming the
 * field where it is nested too deep or holds a key n8n drops.
 */
export function requireSendable<T>(field: Field, value: T): T {
	const problem = unsendable(value);
	if (problem !== undefined) throw invalidInput(field, problem, value);
	return value;
}

/** Parses a JSON object parameter (n8n's "json" type may already hand over an object). */
export function requireJsonObject(field: Field, value: unknown): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw invalidInput(field, 'a JSON object', value);
		}
	}
	// The tag, not instanceof, so that objects from another realm still count; a Date or a Buffer does not.
	if (Object.prototype.toString.call(parsed) !== '[object Object]') {
		throw invalidInput(field, 'a JSON object', value);
	}
	const problem = unsendable(parsed);
	if (problem !== undefined) throw invalidInput(field, problem, value);
	return parsed as IDataObject;
}
