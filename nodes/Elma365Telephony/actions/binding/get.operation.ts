import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiRequest } from '../../../shared/transport';
import { moduleCodeFields } from './bindingFields';
import { bindingsOf, bindingsPath, readModuleCode } from './bindings';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('binding', 'get', [
	...moduleCodeFields,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/**
 * `GET /integration/{code}/voip/bindings`: the module's mapping of extensions to users, the read
 * twin of api.elma365.com/en/public-api/reference/integration/updatevoipbindings. The output is
 * `{"bindings": [...]}` (an empty list when the answer has none).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = bindingsPath(readModuleCode(this, itemIndex));
	const response = await apiRequest(this, { method: 'GET', path, itemIndex });
	return { bindings: bindingsOf(response) };
}
