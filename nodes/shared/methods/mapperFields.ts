import type {
	FieldType,
	IDataObject,
	INodePropertyOptions,
	ResourceMapperField,
} from 'n8n-workflow';

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
	MONEY: 'string',
	FULL_NAME: 'string',
	TABLE: 'string',
};

/** A date-time field whose scheme says it holds a date only (`data.additionalType: "date"`) is typed DATE here. */
export const DATE_ONLY = 'DATE';

/** The platform type of a scheme field, telling a date-only field from a date-time one. */
function platformTypeOf(field: IDataObject): string {
	const type = String(field.type ?? 'STRING').toUpperCase();
	const data = (field.data ?? {}) as IDataObject;
	return type === 'DATETIME' && String(data.additionalType ?? '').toLowerCase() === 'date'
		? DATE_ONLY
		: type;
}

/** A mapper field keeps the platform's own type, so values can be converted at execution. */
export type ApplicationField = ResourceMapperField & { platformType?: string };

/** Whether a scheme has a user field, so the mapper's method lists the users for it. */
export function hasUserField(fields: IDataObject[]): boolean {
	return fields.some((field) => platformTypeOf(field) === 'SYS_USER');
}

/**
 * The resource mapper's fields from an application scheme (`GET /scheme/namespaces/{ns}/apps/{code}`:
 * `fields: [{code, type, required, array, view: {name}, data}]`), labelled with what each one takes.
 * User fields are dropdowns of `users` where given (an expression may still give a UUID, an e-mail
 * or a login, or a list of them); without it they are typed.
 */
export function mapperFields(
	fields: IDataObject[],
	users?: INodePropertyOptions[],
): ApplicationField[] {
	return fields
		.filter((field) => typeof field.code === 'string' && field.code !== '')
		.map((field) => {
			const platformType = platformTypeOf(field);
			const view = (field.view ?? {}) as IDataObject;
			const name =
				typeof view.name === 'string' && view.name !== '' ? view.name : (field.code as string);
			const picked = platformType === 'SYS_USER' && users !== undefined;
			return {
				id: field.code as string,
				displayName: name,
				required: field.required === true,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type: picked ? 'options' : (INPUT_TYPES[platformType] ?? 'string'),
				...(picked ? { options: users } : {}),
				platformType,
			};
		});
}
