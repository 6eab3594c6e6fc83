/**
 * The checks that fail before any request: each takes a field and a value and throws InvalidInput,
 * which names the field and what was expected; the router adds the item (`namingItem`).
 */
export type { Field, ParameterField } from './values';
export {
	DROPPED_KEYS,
	fieldLabel,
	hasControlCharacter,
	InvalidInput,
	invalidInput,
	isUuid,
	isWellFormed,
	MAX_JSON_DEPTH,
	MAX_SEGMENT_CHARS,
	namingItem,
	parameterField,
	requireBoolean,
	requireInteger,
	requireJsonObject,
	requireOneOf,
	requirePathParameter,
	requirePathSegment,
	requireSendable,
	requireText,
	requireUuid,
	unsendable,
} from './values';
export { isToolNode, toolArgument } from './toolArguments';
export { shownText, shownValue } from '../shown';
export { requireDateTime } from './dates';
export type { FileMeta } from './files';
export { requireFileMeta } from './files';
