import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { route } from '../../shared/execution/router';
import * as method from './method';

/** What a 403 and a 404 mean here: the address holds the module's ID and the method's address, nothing else. */
const STATUS_HINTS = {
	403: "only External methods take a token, and the credential's user must be allowed to run it: check the method's Authorization in the module",
	404: "no such module, or no External API method at that address in it: check Module and Method (Administration > Modules > the module's settings > API Methods)",
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, { method: method.operations }, STATUS_HINTS);
}
