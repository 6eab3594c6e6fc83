import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';
import type { ApplicationField } from '../fields/fieldTypes';
import { getApplicationFields } from '../methods/applicationFields';

/**
 * Platform types a Create or Update can match on: the table filter finds text by inclusion and
 * numbers by a `{min, max}` range (api.brix365.com/en/public-api/guides/Filter), and both compare
 * exactly once read back. Other types (phones, emails, references, money) are stored as lists or
 * objects the filter does not compare as a whole, so they cannot identify an item.
 */
export const MATCHABLE_TYPES = new Set(['STRING', 'TEXT', 'INTEGER', 'FLOAT', 'NUMBER']);

/** The application's fields for Create or Update's mapper: text and number fields can be matched on. */
export async function getApplicationUpsertFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const result = await getApplicationFields.call(this);
	return {
		...result,
		fields: result.fields.map((field) => ({
			...field,
			canBeUsedToMatch: MATCHABLE_TYPES.has((field as ApplicationField).platformType ?? ''),
		})),
	};
}
