import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { route } from '../../shared/execution/router';
import * as method from './method';

/** What a 404 means here: the address holds the module's ID and the method's name, nothing else. */
const STATUS_HINTS = {
	404: "no such module, or no External API method at that address in it: check Module and Method (Administration > Modules > the module's settings > API Methods)",
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, { method: method.operations }, STATUS_HINTS);
}
