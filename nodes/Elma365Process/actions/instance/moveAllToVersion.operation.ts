import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { splitList } from '../../../shared/utils';
import { requireUuid } from '../../../shared/validation';
import { requirePathParameter } from '../../../shared/validation/values';
import { templatePickers, readTemplateNamespace } from '../process/templatePickers';

export const description: INodeProperties[] = showFor('instance', 'moveAllToVersion', [
	...templatePickers({
		required: true,
		purpose: 'whose active instances to move to its latest published version',
	}),
	{
		displayName: 'Except Instance IDs',
		name: 'unselectedIds',
		type: 'string',
		default: '',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
		description:
			'IDs of instances to leave on their version, separated by commas (sent as "unselectedIds"); empty moves every active instance',
	},
]);

function readTemplatePath(ctx: IExecuteFunctions, itemIndex: number): string {
	const namespace = readTemplateNamespace(ctx, itemIndex);
	const code = requirePathParameter(ctx, itemIndex, 'processCode', 'Process Template');
	return apiPath`/bpm/instance/bytemplate/${namespace}/${code}/version`;
}

function readBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const except = splitList(ctx.getNodeParameter('unselectedIds', itemIndex, '')).map((id) =>
		requireUuid('Except Instance IDs', id),
	);
	return except.length > 0
		? { updateAllActive: true, unselectedIds: except }
		: { updateAllActive: true };
}

/**
 * POST /bpm/instance/bytemplate/{namespace}/{code}/version {updateAllActive: true, unselectedIds?}
 * (api.brix365.com/en/public-api/reference/bpm/bpminstancebulkupdate): every active instance of the
 * template, but those excepted, moves to the latest published version.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readTemplatePath(this, itemIndex);
	const body = readBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		body,
		// Moving to the latest version twice leaves the instances where the first request put them.
		idempotent: true,
		itemIndex,
	});
	const application = this.getNodeParameter('processApplication', itemIndex, '', {
		extractValue: true,
	});
	return {
		// With an Application, the namespace the request named ("section.app"), not the Section alone.
		namespace:
			typeof application === 'string' && application.trim() !== ''
				? readTemplateNamespace(this, itemIndex)
				: this.getNodeParameter('namespace', itemIndex, '', { extractValue: true }),
		processCode: this.getNodeParameter('processCode', itemIndex, '', { extractValue: true }),
		...body,
		...unwrapItem(response),
	};
}
