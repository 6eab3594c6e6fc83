import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiPath, unwrapItem } from '../transport';
import { readChosenApplication } from './listDependency';
import { entryName, listingRequest } from './listSearch';

/** `GET /app/{ns}/{code}/settings/status`: the statuses and status groups of the chosen application (none until it is chosen). */
async function statusSettings(ctx: ILoadOptionsFunctions, parameter: string, noun: string) {
	const picked = readChosenApplication(ctx, parameter, noun);
	if (!picked) return { groups: [], statuses: [] };
	const { namespace, application, label } = picked;
	const path = `/app${apiPath`/${namespace}/${application}`}/settings/status`;
	const settings = unwrapItem(
		await listingRequest(ctx, `the statuses of ${label}`, {
			method: 'GET',
			path,
			idempotent: true,
		}),
	);
	return {
		groups: Array.isArray(settings.groupItems) ? (settings.groupItems as IDataObject[]) : [],
		statuses: Array.isArray(settings.statusItems) ? (settings.statusItems as IDataObject[]) : [],
	};
}

/** The statuses of the application in `parameter`: shown by name, valued by code, with their group. */
function statusesOf(parameter: string, noun: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const { groups, statuses } = await statusSettings(this, parameter, noun);
		return statuses
			.filter((status) => typeof status.code === 'string' && status.code !== '')
			.map((status) => {
				const group = groups.find(
					(candidate) => candidate.id !== undefined && candidate.id === status.groupId,
				);
				const option: INodePropertyOptions = {
					name: entryName(status),
					value: status.code as string,
				};
				if (group) option.description = `Group: ${entryName(group)}`;
				return option;
			});
	};
}

/** The statuses of the chosen application, for Set Status and list filters: shown by name, sent by code. */
export const getStatuses = statusesOf('application', 'application');

/** The status groups of the application in `parameter`: shown by name, valued by id, with their statuses. */
function statusGroupsOf(parameter: string, noun: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const { groups, statuses } = await statusSettings(this, parameter, noun);
		return groups
			.filter(
				(group) =>
					(typeof group.id === 'string' && group.id !== '') || typeof group.id === 'number',
			)
			.map((group) => {
				const members = statuses.filter((status) => status.groupId === group.id).map(entryName);
				const option: INodePropertyOptions = { name: entryName(group), value: String(group.id) };
				if (members.length > 0) option.description = `Statuses: ${members.join(', ')}`;
				return option;
			});
	};
}

/** The status groups of the chosen application, for list filters. */
export const getStatusGroups = statusGroupsOf('application', 'application');
