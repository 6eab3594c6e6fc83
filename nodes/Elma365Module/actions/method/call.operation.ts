import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { API_MAX_BYTES } from '../../../shared/limits';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { readUuidLocator } from '../../../shared/pickers/locators';
import { apiDownload, apiPath } from '../../../shared/transport';
import { answerItems, answerOptions, methodRefusal, readAnswerOptions } from './answer';
import { methodFields, readBody, readHttpMethod, readMethodPath, readQuery } from './methodFields';

export const description: INodeProperties[] = showFor('method', 'call', [
	...methodFields,
	optionsCollection([
		...answerOptions,
		concurrency(
			1,
			"Above 1 the calls may reach the module in another order than the input: raise it only where the method's script allows it.",
		),
	]),
]);

/**
 * `<HTTP method> {company}/api/extensions/<module ID>/script/<method>` with the credential's key
 * as `Authorization: Bearer` on the company's own origin, the body as JSON (vendor help
 * `extention-api`, External authorization; the public client `artemmovchan/elma365tbothelper`,
 * `app/elma_api.py`, sends this with `Content-Type: application/json` and the same token it uses
 * for /pub/v1). The answer is the module's own, not the public API's envelope: it is output as it
 * is (answer.ts). What the script does is unknown, so no call is repeated after a 5xx or a dropped
 * connection unless Request Options > Retry Writes says so.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const moduleId = readUuidLocator(this, itemIndex, 'module', 'Module', 'searchModules');
	const method = readMethodPath(this, itemIndex);
	const httpMethod = readHttpMethod(this, itemIndex);
	const output = readAnswerOptions(this, itemIndex);
	const sent =
		httpMethod === 'GET'
			? { qs: readQuery(this, itemIndex) }
			: {
					body: Buffer.from(JSON.stringify(readBody(this, itemIndex))),
					headers: { 'Content-Type': 'application/json' },
				};
	const path = `${apiPath`/api/extensions/${moduleId}/script`}/${method}`;
	const answer = await apiDownload(this, {
		method: httpMethod,
		path,
		outsidePublicApi: true,
		...sent,
		idempotent: false,
		// An API call's cap, not a download's: Request Options > Max Response Size raises it for files.
		maxBytes: API_MAX_BYTES,
		itemIndex,
	}).catch((error: unknown) => {
		throw methodRefusal(error);
	});
	return await answerItems(this, itemIndex, answer, method, output, `${httpMethod} ${path}`);
}
