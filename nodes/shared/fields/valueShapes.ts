import type { IDataObject } from 'n8n-workflow';
import {
	DATE_ONLY,
	categoryOptions,
	moneyCurrency,
	platformTypeOf,
	referencedApplication,
	mapContextFields,
} from './fieldTypes';
import { isObject } from '../utils';

/** What a field's value is given as (`give`), and the shape it is sent in where that differs (`sent`). */
interface Shape {
	give: string;
	sent?: string;
}

/** A value of an ENUM field, as the scheme lists them (`data.enumItems`). */
export interface AllowedValue {
	code: string;
	name: string;
}

/** What a field of the scheme says about its value, for an agent (Add Value Shapes). */
export interface ValueShape {
	valueShape: string;
	allowedValues?: AllowedValue[];
}

/** Types whose values are sent as given, with what they hold (docs/field-types.md, "As given" types). */
const AS_GIVEN: Record<string, string> = {
	DURATION: 'a number of seconds',
	TAG: 'text',
	VERSION: 'text',
};

/**
 * The value of one entry of a field of `platformType`, as toPlatformValue takes it and as it is
 * sent (docs/field-types.md, "The types").
 */
function shapeOf(field: IDataObject, platformType: string): Shape {
	switch (platformType) {
		case 'STRING':
		case 'TEXT':
		case 'LINK':
		case 'URL':
			return { give: 'text' };
		case 'FLOAT':
		case 'NUMBER':
			return { give: 'a number, such as 12.5' };
		case 'INTEGER':
			return { give: 'a whole number' };
		case 'BOOLEAN':
			return { give: 'true or false' };
		case 'DATETIME':
			return { give: 'a date and time in ISO 8601, such as "2027-03-01T07:00:00Z"' };
		case DATE_ONLY:
			return {
				give: 'a date, YYYY-MM-DD, such as "2026-03-05"',
				sent: '"2026-03-05T00:00:00Z"',
			};
		case 'MONEY': {
			const currency = moneyCurrency(field, platformType);
			return currency
				? {
						give: `money in ${currency}: an amount such as 2500.00, or an amount and a currency such as "2500.00 ${currency}"`,
						sent: `{"cents": 250000, "currency": "${currency}"}`,
					}
				: {
						give: 'money: an amount and a currency such as "2500.00 EUR"',
						sent: '{"cents": 250000, "currency": "EUR"}',
					};
		}
		case 'SYS_USER':
			return {
				give: "a user's __id, or the exact e-mail or login of one user",
				sent: '["<user __id>"]',
			};
		case 'SYS_OSNODE':
			return { give: 'the __id of an org-structure node', sent: '["<__id>"]' };
		case 'SYS_COLLECTION': {
			const application = referencedApplication(field);
			return {
				give: application
					? `the __id of an item of ${application}`
					: 'the __id of an application item',
				sent: '["<item __id>"]',
			};
		}
		case 'CATEGORY':
			return {
				give: 'the ID (UUID) of a category, copied from this field of an item that has one (no operation lists categories)',
				sent: '["<category id>"]',
			};
		case 'ENUM':
			return {
				give: categoryOptions(field)
					? 'the code of one of allowedValues'
					: 'the code of one of the values of the field',
				sent: '[{"code": "<code>"}]',
			};
		case 'FILE':
		case 'IMAGE':
			return {
				give: 'the __id of a file, or {"name", "hash"} of a file just uploaded',
				sent: '["<file __id>"]',
			};
		case 'PHONE':
			return { give: 'a phone number', sent: '[{"type": "work", "tel": "<number>"}]' };
		case 'EMAIL':
			return { give: 'an e-mail address', sent: '[{"type": "work", "email": "<address>"}]' };
		case 'FULL_NAME':
			return { give: 'a JSON object {"lastname", "firstname", "middlename"}' };
		case 'REF_ITEM':
			return {
				give: 'an item of any application: {"id", "code", "namespace"}, or "namespace/code/<item __id>"',
				sent: '[{"id", "code", "namespace"}]',
			};
		case 'TABLE':
			return { give: 'a JSON object {"rows": [...]}, sent as given' };
		case 'STATUS':
			return { give: 'not set in a context or item fields: App > Item > Set Status sets it' };
		default:
			return {
				give: `${AS_GIVEN[platformType] ?? 'a JSON value'}, sent as given (${platformType} is not converted)`,
			};
	}
}

/** The values an ENUM field allows, `[{code, name}]` from `data.enumItems`; undefined for other fields. */
function allowedValuesOf(field: IDataObject): AllowedValue[] | undefined {
	return categoryOptions(field)?.map((option) => ({
		code: String(option.value),
		name: option.name,
	}));
}

/**
 * What to send for a field of a scheme as the platform returns it (`{code, type, array, required,
 * data, view}`): `valueShape`, a short text of the value and of the shape it is sent in, as
 * toPlatformValue converts it (docs/field-types.md), and for an ENUM field `allowedValues`. A field
 * the scheme marks `array` takes a list of such values.
 */
export function valueShapeOf(field: IDataObject): ValueShape {
	const platformType = platformTypeOf(field);
	const { give, sent } = shapeOf(field, platformType);
	const one = sent ? `${give}; sent as ${sent}` : give;
	const allowedValues = allowedValuesOf(field);
	return {
		valueShape: field.array === true ? `a list of values, each ${one}` : one,
		...(allowedValues ? { allowedValues } : {}),
	};
}

/** A scheme field with its valueShape (and allowedValues) added after what the platform gave. */
export function withValueShape(field: IDataObject): IDataObject {
	return { ...field, ...valueShapeOf(field) };
}

/** An application scheme (Scheme > Application > Get, or one of Get Many) with withValueShape applied to each of its `fields`. */
export function applicationWithValueShapes(scheme: IDataObject): IDataObject {
	if (!Array.isArray(scheme.fields)) return scheme;
	return {
		...scheme,
		fields: scheme.fields.map((field: unknown) =>
			isObject(field) ? withValueShape(field) : field,
		),
	};
}

/** A process template scheme with withValueShape applied to each of its context fields (mapContextFields). */
export function processTemplateWithValueShapes(scheme: IDataObject): IDataObject {
	return mapContextFields(scheme, withValueShape);
}
