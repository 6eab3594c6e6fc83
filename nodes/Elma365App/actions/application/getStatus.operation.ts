import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ItemKind } from '../../../shared/items/appItems';
import { locationFields, readApplicationPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/display';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { appItems } from '../item/itemKind';

const applications: ItemKind = { ...appItems, resource: 'application' };

export const description: INodeProperties[] = showFor('application', 'getStatus', [
	...locationFields(applications),
	{
		displayName: 'One Item per Status',
		name: 'splitStatuses',
		type: 'boolean',
		default: false,
		description:
			'Whether to output each status as its own item, with its status group under "group"; off, one item carries statusItems and groupItems as returned',
	},
]);

/**
 * GET /app/{namespace}/{code}/settings/status
 * (api.elma365.com/en/public-api/reference/app/appgetstatus): the settings as returned, or one item per status.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const path = readApplicationPath(this, itemIndex, applications, '/settings/status');
	const split = this.getNodeParameter('splitStatuses', itemIndex, false) as boolean;
	const settings = unwrapItem(await apiRequest(this, { method: 'GET', path, itemIndex }));
	if (!split) return settings;
	const statuses = Array.isArray(settings.statusItems)
		? (settings.statusItems as IDataObject[])
		: [];
	const groups = Array.isArray(settings.groupItems) ? (settings.groupItems as IDataObject[]) : [];
	return statuses.map((status) => {
		const group = groups.find(
			(candidate) => candidate.id !== undefined && candidate.id === status.groupId,
		);
		return group ? { ...status, group } : { ...status };
	});
}
