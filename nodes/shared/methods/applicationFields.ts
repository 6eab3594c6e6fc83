import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import { loadMapperFields } from './mapperFields';
import { apiPath, unwrapItem } from '../transport';
import { labelled } from './entryLabels';
import { chooseFirst, readChosenApplication } from './listDependency';
import { listingRequest } from './listSearch';
import { shownText } from '../shown';

/** `GET /scheme/namespaces/{ns}/apps/{code}`: the fields of the application in `parameter`; undefined until it is chosen. */
async function schemeFields(ctx: ILoadOptionsFunctions, parameter: string, noun: string) {
	const picked = readChosenApplication(ctx, parameter, noun);
	if (!picked) return undefined;
	const { namespace, application, label } = picked;
	const path = apiPath`/scheme/namespaces/${namespace}/apps/${application}`;
	const scheme = unwrapItem(
		await listingRequest(ctx, `the fields of ${label}`, { method: 'GET', path, idempotent: true }),
	);
	return {
		namespace,
		application,
		fields: Array.isArray(scheme.fields) ? (scheme.fields as IDataObject[]) : [],
	};
}

/** The fields of the chosen application, from its scheme, for the resource mapper. */
export async function getApplicationFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const scheme = await schemeFields(this, 'application', 'application');
	if (!scheme) return chooseFirst('section and the application');
	const fields = await loadMapperFields(this, scheme.fields);
	return fields.length > 0
		? { fields }
		: {
				fields,
				emptyFieldsNotice: `The scheme of ${shownText(`${scheme.namespace}.${scheme.application}`)} lists no fields: choose Specify Values > Using JSON`,
			};
}

/**
 * System fields every item has (platform facts, "Application items"): lists sort and filter by
 * them, and a scheme does not always list them.
 */
const SYSTEM_FIELDS: Array<[code: string, name: string]> = [
	['__id', 'ID'],
	['__name', 'Name'],
	['__createdAt', 'Created At'],
	['__createdBy', 'Created By'],
	['__updatedAt', 'Updated At'],
	['__updatedBy', 'Updated By'],
	['__deletedAt', 'Deleted At'],
	['__status', 'Status'],
	['__index', 'Index'],
	['__version', 'Version'],
	['__externalId', 'External ID'],
];

/**
 * Field codes of the application in `parameter`, for sort rules, table filters and the fields to
 * return: the scheme's fields as "Name (code)" with their type, then the system fields it leaves out.
 */
function fieldCodesOf(parameter: string, noun: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const scheme = await schemeFields(this, parameter, noun);
		if (!scheme) return [];
		const { fields } = scheme;
		const options: INodePropertyOptions[] = fields
			.filter((field) => typeof field.code === 'string' && field.code !== '')
			.map((field) => {
				const view = (field.view ?? {}) as IDataObject;
				const option: INodePropertyOptions = labelled({ name: view.name }, field.code as string);
				if (typeof field.type === 'string' && field.type !== '')
					option.description = `Type: ${field.type}`;
				return option;
			});
		for (const [code, name] of SYSTEM_FIELDS) {
			if (!options.some((option) => option.value === code))
				options.push({ ...labelled({ name }, code), description: 'System field' });
		}
		return options;
	};
}

/** Field codes of the chosen application. */
export const getFieldCodes = fieldCodesOf('application', 'application');

/** Field codes of the chosen contract application. */
export const getContractFieldCodes = fieldCodesOf('application', 'contract application');

/** Field codes of the chosen report (its parameter is `report`). */
export const getReportFieldCodes = fieldCodesOf('report', 'report');
