/**
 * What the platform refuses in the values of an item's or a process context's fields, by the
 * field's type in the scheme the double serves. The rules are the vendor's own field-type library
 * (git.elewise.com/elma365/common `pkg/types`, public copy in `mihazzz123/upload-big-file-to-elma`
 * under `vendor/`): each type's `Validate` unmarshals one value into its Go type
 * (`implement_<type>.go`), an `array` field takes a list of them (`field.go`, `validateArray`),
 * and `field.go`'s `errorParse` words the failure as `<code>: cannot unmarshal <kind> into field of
 * type <TYPE>`, `<code>: invalid uuid` or `<code>: cannot parse "<part>" as <year|month|...>`.
 *
 * Not documented, and so the double's choice:
 * - how the public API wraps that text (the double answers 400 with it as the error);
 * - a single-valued field given a list: the data types guide
 *   (api.elma365.com/en/public-api/guides/DataType) shows users and references as lists of UUIDs
 *   whatever the field, so the double takes a list or one value for every field;
 * - money missing `cents` or `currency`: Go would leave them zero; the double refuses, as the
 *   data types guide gives both;
 * - which part of a bad date-time the platform names: the double names the whole value.
 * Types not listed here (strings, files, phones, ...) are taken as given.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** RFC 3339, as Go's `time.Time` unmarshals it (`implement_dateTime.go`). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A scheme field as the double's scheme collections hold it. */
export interface SchemeField {
	code: string;
	type: string;
	array?: boolean;
}

/** The JSON kind Go's decoder names in "cannot unmarshal <kind>". */
function kindOf(value: unknown): string {
	if (Array.isArray(value)) return 'array';
	if (value === null) return 'null';
	if (typeof value === 'object') return 'object';
	if (typeof value === 'boolean') return 'bool';
	return typeof value;
}

const notA = (type: string, value: unknown) =>
	`cannot unmarshal ${kindOf(value)} into field of type ${type}`;

/** One value of a field of `type`: undefined when it fits, else the vendor's words for why not. */
const CHECKS: Record<string, (value: unknown, type: string) => string | undefined> = {
	INTEGER: (value, type) =>
		typeof value === 'number' && Number.isInteger(value) ? undefined : notA(type, value),
	FLOAT: (value, type) =>
		typeof value === 'number' && Number.isFinite(value) ? undefined : notA(type, value),
	BOOLEAN: (value, type) => (typeof value === 'boolean' ? undefined : notA(type, value)),
	// `money.Money`: {currency, cents int64} (complextypes/money/money.go).
	MONEY: (value, type) => {
		if (!value || typeof value !== 'object' || Array.isArray(value)) return notA(type, value);
		const { cents, currency } = value as { cents?: unknown; currency?: unknown };
		if (!Number.isSafeInteger(cents))
			return `cannot unmarshal ${kindOf(cents)} into field of type ${type}: cents`;
		if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
			return `cannot unmarshal ${JSON.stringify(currency ?? null)} into field of type ${type}: currency`;
		return undefined;
	},
	// `time.Time` (implement_dateTime.go).
	DATETIME: (value, type) => {
		if (typeof value !== 'string') return notA(type, value);
		return RFC3339.test(value) && !Number.isNaN(Date.parse(value))
			? undefined
			: `cannot parse ${JSON.stringify(value)} as RFC 3339 date-time`;
	},
	// `uuid.UUID`: users and org-structure nodes (complextypes/sysref), categories
	// (implement_category.go); application items by ID as the data types guide shows them.
	SYS_USER: uuidCheck,
	SYS_OSNODE: uuidCheck,
	CATEGORY: uuidCheck,
	SYS_COLLECTION: uuidCheck,
	// `enum.Enum`: {code, name} (complextypes/enum/enum.go); a value needs its code.
	ENUM: (value, type) => {
		if (!value || typeof value !== 'object' || Array.isArray(value)) return notA(type, value);
		const { code } = value as { code?: unknown };
		return typeof code === 'string' && code !== '' ? undefined : notA(type, code ?? null);
	},
};

function uuidCheck(value: unknown, type: string): string | undefined {
	if (typeof value !== 'string') return notA(type, value);
	return UUID.test(value) ? undefined : 'invalid uuid';
}

/**
 * The first refused value of `context` against `fields`, worded as the platform's field library
 * words it (`<code>: ...`); undefined when every value fits. Null and absent values are not checked
 * (`field.go` takes null as no value).
 */
export function refusedValue(
	fields: SchemeField[],
	context: Record<string, unknown>,
): string | undefined {
	for (const field of fields) {
		const check = CHECKS[String(field.type).toUpperCase()];
		const value = context[field.code];
		if (!check || value === undefined || value === null) continue;
		const values = Array.isArray(value) ? value : [value];
		if (field.array === true && !Array.isArray(value))
			return `${field.code}: ${notA(String(field.type).toUpperCase(), value)}`;
		for (const entry of values) {
			if (entry === null) return `${field.code}: null - is invalid value of array`;
			const refused = check(entry, String(field.type).toUpperCase());
			if (refused) return `${field.code}: ${refused}`;
		}
	}
	return undefined;
}
