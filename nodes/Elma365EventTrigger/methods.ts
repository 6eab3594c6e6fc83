import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { readListPage } from '../shared/lists/listPage';
import { entryName, listingRequest } from '../shared/methods/listSearch';

/** Every application of the company (`GET /app/list`), valued `namespace/code` as the module matches them. */
export async function getApplications(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const answer = await listingRequest(this, 'applications', {
		method: 'GET',
		path: '/app/list',
		idempotent: true,
	});
	return readListPage(answer)
		.items.filter((app) => typeof app.namespace === 'string' && typeof app.code === 'string')
		.map((app) => {
			const value = `${app.namespace as string}/${app.code as string}`;
			return { name: `${entryName(app)} (${value})`, value };
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}
