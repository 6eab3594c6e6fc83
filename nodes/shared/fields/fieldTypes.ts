import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ApplicationField } from '../methods/mapperFields';
import { isKnownType, mapperFields } from '../methods/mapperFields';
import { apiRequest, runMemo } from '../transport';

/**
 * Where the types of fields given as pairs or JSON are read: a scheme read (`path`) and the fields
 * in its answer (`fieldsOf`), as the field mapper reads them.
 */
export interface FieldScheme {
	path: string;
	fieldsOf: (response: IDataObject) => IDataObject[];
}

/**
 * The fields `scheme` gives whose platform types the field mapper converts, read once per run and shared by every
 * item. A scheme that cannot be read (refused, absent, or listing no fields) gives none: the
 * values are then sent as given, the raw way the docs describe (docs/field-types.md).
 */
export async function readFieldTypes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scheme: FieldScheme,
): Promise<ApplicationField[]> {
	return await runMemo(ctx, `field types ${scheme.path}`, async () => {
		try {
			const response = await apiRequest(ctx, {
				method: 'GET',
				path: scheme.path,
				idempotent: true,
				itemIndex,
			});
			// Types the mapper does not know (DURATION, TAG, JSON, ...) are sent as given.
			return mapperFields(scheme.fieldsOf(response)).filter((field) =>
				isKnownType(field.platformType),
			);
		} catch {
			return [];
		}
	});
}
