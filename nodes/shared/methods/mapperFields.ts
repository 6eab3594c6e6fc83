import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';
import type { ApplicationField } from '../fields/fieldTypes';
import { mapperFields, platformTypeOf, referencedApplication } from '../fields/fieldTypes';
import { loadItemOptions } from './itemOptions';
import { loadUserOptions } from './userOptions';

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
