import type {
	FieldType,
	IDataObject,
	ILoadOptionsFunctions,
	INodePropertyOptions,
	ResourceMapperField,
} from 'n8n-workflow';
import { loadItemOptions } from './itemOptions';
import { loadUserOptions } from './userOptions';

/** A platform field type and the n8n input that fits it; anything unknown is typed as text or JSON. */
const INPUT_TYPES: Record<string, FieldType> = {
	STRING: 'string',
	TEXT: 'string',
	PHONE: 'string',
	EMAIL: 'string',
	IMAGE: 'string',
	FILE: 'string',
	REF_ITEM: 'string',
	LINK: 'string',
	URL: 'string',
	INTEGER: 'number',
	FLOAT: 'number',
	NUMBER: 'number',
	BOOLEAN: 'boolean',
	DATETIME: 'dateTime',
	DATE: 'dateTime',
	SYS_USER: 'string',
	SYS_COLLECTION: 'string',
	SYS_OSNODE: 'string',
	CATEGORY: 'string',
	ENUM: 'string',
	MONEY: 'string',
	FULL_NAME: 'string',
	TABLE: 'string',
};

/** Whether the field mapper knows the platform type, so values of it are converted (toPlatformValue). */
export function isKnownType(platformType: string | undefined): boolean {
	return platformType === DATE_ONLY || (platformType !== undefined && platformType in INPUT_TYPES);
}

/** A date-time field whose scheme says it holds a date only (`data.additionalType: "date"`) is typed DATE here. */
export const DATE_ONLY = 'DATE';

/** The type-specific part of a scheme field (`data`). */
function dataOf(field: IDataObject): IDataObject {
	return field.data !== null && typeof field.data === 'object' ? (field.data as IDataObject) : {};
}

/** The platform type of a scheme field, telling a date-only field from a date-time one. */
export function platformTypeOf(field: IDataObject): string {
	const type = String(field.type ?? 'STRING').toUpperCase();
	return type === 'DATETIME' && String(dataOf(field).additionalType ?? '').toLowerCase() === 'date'
		? DATE_ONLY
		: type;
}

/** A mapper field keeps the platform's own type, so values can be converted at execution. */
export type ApplicationField = ResourceMapperField & { platformType?: string; currency?: string };

/**
 * A money field's currency, where the scheme gives one: `view.data.currency` (the vendor's field
 * types, git.elewise.com/elma365/common pkg/types/complextypes/money/view_data.go, public copy in
 * mihazzz123/upload-big-file-to-elma under vendor/). A bare amount is then counted in it.
 */
export function moneyCurrency(field: IDataObject, platformType: string): string | undefined {
	if (platformType !== 'MONEY') return undefined;
	const view = (field.view ?? {}) as IDataObject;
	const data =
		view.data !== null && typeof view.data === 'object' ? (view.data as IDataObject) : {};
	const currency = typeof data.currency === 'string' ? data.currency.trim().toUpperCase() : '';
	return /^[A-Z]{3}$/.test(currency) ? currency : undefined;
}

/**
 * The application an application-reference field (`SYS_COLLECTION`) names, as `namespace/code`:
 * its scheme's `data.namespace` and `data.code` (the vendor's field type,
 * git.elewise.com/elma365/common pkg/types/complextypes/syscollection/data.go, public copy in
 * mihazzz123/upload-big-file-to-elma); undefined where the scheme names none.
 */
export function referencedApplication(field: IDataObject): string | undefined {
	if (platformTypeOf(field) !== 'SYS_COLLECTION') return undefined;
	const { namespace, code } = dataOf(field);
	return typeof namespace === 'string' &&
		namespace !== '' &&
		typeof code === 'string' &&
		code !== ''
		? `${namespace}/${code}`
		: undefined;
}

/**
 * A category's values as the scheme lists them, `data.enumItems: [{code, name}]` (the vendor's
 * release notes, brix365.com/en/help/platform/2024_11.html, TEAM-28479: the public API's app
 * metadata returns category options so); undefined where it lists none. Only an `ENUM` field has
 * them: the vendor's field types give ENUM the data `enumItems` and the values `{code, name}`
 * (git.elewise.com/elma365/common pkg/types/complextypes/enum/data.go and enum.go, public copy in
 * mihazzz123/upload-big-file-to-elma under vendor/), while a `CATEGORY` field's data holds only
 * `fields` and its value is a UUID (pkg/types/implement_category.go, same copy).
 */
export function categoryOptions(field: IDataObject): INodePropertyOptions[] | undefined {
	const items = dataOf(field).enumItems;
	if (platformTypeOf(field) !== 'ENUM' || !Array.isArray(items)) return undefined;
	const options = (items as IDataObject[])
		.filter((item) => typeof item?.code === 'string' && item.code !== '')
		.map((item) => ({
			name: typeof item.name === 'string' && item.name !== '' ? item.name : String(item.code),
			value: item.code as string,
		}));
	return options.length > 0 ? options : undefined;
}

/** What a mapper's reference fields offer: the users, and the items of each referenced application (`namespace/code`). */
export interface FieldChoices {
	users?: INodePropertyOptions[];
	items?: Map<string, INodePropertyOptions[] | undefined>;
}

/** The options a field is picked from, or undefined where it is typed. */
function optionsOf(
	field: IDataObject,
	platformType: string,
	choices: FieldChoices,
): INodePropertyOptions[] | undefined {
	if (platformType === 'SYS_USER') return choices.users;
	if (platformType === 'ENUM') return categoryOptions(field);
	const application = referencedApplication(field);
	return application === undefined ? undefined : choices.items?.get(application);
}

/**
 * The resource mapper's fields from an application scheme (`GET /scheme/namespaces/{ns}/apps/{code}`:
 * `fields: [{code, type, required, array, view: {name}, data}]`), labelled with what each one takes.
 * User fields are dropdowns of `choices.users`, application-reference fields of the referenced
 * application's items in `choices.items`, categories of the values the scheme lists; an expression
 * may still give any value. Without options a field is typed.
 */
export function mapperFields(
	fields: IDataObject[],
	choices: FieldChoices = {},
): ApplicationField[] {
	return fields
		.filter((field) => typeof field.code === 'string' && field.code !== '')
		.map((field) => {
			const platformType = platformTypeOf(field);
			const view = (field.view ?? {}) as IDataObject;
			const name =
				typeof view.name === 'string' && view.name !== '' ? view.name : (field.code as string);
			const options = optionsOf(field, platformType, choices);
			const currency = moneyCurrency(field, platformType);
			return {
				id: field.code as string,
				displayName: name,
				required: field.required === true,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type: options ? 'options' : (INPUT_TYPES[platformType] ?? 'string'),
				...(options ? { options } : {}),
				platformType,
				...(currency ? { currency } : {}),
			};
		});
}

/**
 * The mapper's fields with their options loaded: the company's users where a field takes a user
 * (loadUserOptions), and the items of each application a reference field names (loadItemOptions,
 * one request per application).
 */
export async function loadMapperFields(
	ctx: ILoadOptionsFunctions,
	fields: IDataObject[],
): Promise<ApplicationField[]> {
	const hasUserField = fields.some((field) => platformTypeOf(field) === 'SYS_USER');
	const applications = [
		...new Set(fields.map(referencedApplication).filter((key) => key !== undefined)),
	];
	const [users, ...items] = await Promise.all([
		hasUserField ? loadUserOptions(ctx) : undefined,
		...applications.map((key) => {
			const [namespace, code] = key.split('/');
			return loadItemOptions(ctx, namespace, code);
		}),
	]);
	return mapperFields(fields, {
		users,
		items: new Map(applications.map((key, index) => [key, items[index]])),
	});
}
