import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiPath, apiRequest } from '../shared/transport';

/** The statuses of the chosen application (GET .../settings/status), offered by code. */
export async function getStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const namespace = String(this.getCurrentNodeParameter('namespace') ?? '').trim();
	const application = String(this.getCurrentNodeParameter('application') ?? '').trim();
	if (namespace === '' || application === '') return [];
	const response = await apiRequest(this, { method: 'GET', path: `/app${apiPath`/${namespace}/${application}`}/settings/status` });
	const statuses = Array.isArray(response.statusItems) ? (response.statusItems as IDataObject[]) : [];
	return statuses
		.filter((status) => typeof status.code === 'string' && status.code !== '')
		.map((status) => ({ name: String(status.name ?? status.code), value: status.code as string, description: `Code: ${String(status.code)}` }));
}
