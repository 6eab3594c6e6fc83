import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';
import { contextFieldsOf } from '../fields/fieldTypes';
import { loadMapperFields } from './mapperFields';
import { apiPath } from '../transport';
import { chooseFirst, readListDependency } from './listDependency';
import { readChosenProcessNamespace } from './processTemplateSearch';
import { listingRequest } from './listSearch';
import { shownText } from '../shown';

/**
 * The context fields of the chosen process template, from
 * `GET /scheme/namespaces/{namespace}/processes/{code}`, for the resource mapper. The namespace is
 * sent as chosen, `section.app` included: the vendor's reference has no per-application form of
 * this read.
 */
export async function getProcessContextFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const namespace = readChosenProcessNamespace(this);
	const code = readListDependency(this, 'processCode');
	if (namespace === undefined || code === undefined)
		return chooseFirst('section and the process template');
	const path = apiPath`/scheme/namespaces/${namespace}/processes/${code}`;
	const what = `the scheme of process template ${shownText(`${namespace}/${code}`)}`;
	const context = contextFieldsOf(
		await listingRequest(this, what, { method: 'GET', path, idempotent: true }),
	);
	const fields = await loadMapperFields(this, context);
	return fields.length > 0
		? { fields }
		: {
				fields,
				emptyFieldsNotice: `The scheme of process template ${shownText(`${namespace}/${code}`)} lists no context fields: choose another way under Specify Values`,
			};
}
