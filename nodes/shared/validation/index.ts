/**
 * The checks that fail before any request, naming the field, the item and what was expected, by
 * subject. Typed on `{ getNode() }` (NodeContext), so a trigger's poll uses them too.
 */
export type { Field, NodeContext, ParameterField } from './errors';
export { fieldLabel, invalidInput, parameterField } from './errors';
export { isToolNode, toolArgument } from './toolArguments';
export { shownText, shownValue } from './shown';
export { hasControlCharacter, isWellFormed, requireText } from './text';
export { isUuid, MAX_SEGMENT_CHARS, requirePathSegment, requireUuid } from './ids';
export { requireBoolean, requireInteger, requireOneOf } from './scalars';
export { requireDateTime } from './dates';
export {
	DROPPED_KEYS,
	MAX_JSON_DEPTH,
	requireJsonObject,
	requireSendable,
	unsendable,
} from './json';
export type { FileMeta } from './files';
export { requireFileMeta } from './files';
