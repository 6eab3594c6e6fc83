import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import {
	buildListBody,
	listOptions,
	refuseUnsendableOptions,
} from '../../../shared/lists/listOptions';
import { readUuidLocator } from '../../../shared/pickers/locators';
import { apiPath } from '../../../shared/transport';
import { requireOneOf, requireText } from '../../../shared/validation';
import { requirePathParameter } from '../../../shared/validation/values';
import { templatePickers, readTemplateNamespace } from '../process/templatePickers';
import { templateByIdPickers } from './instanceFields';

const LIST_BY = ['template', 'templateCode', 'target'] as const;

/** What List By offers: by template ID, by template code, by target. */
const LIST_BY_OPTIONS = [
	{
		name: 'Process Template',
		value: 'template',
		description: 'Instances started from one process template',
	},
	{
		name: 'Process Template Code',
		value: 'templateCode',
		description:
			'Instances of a process template picked by section and code (codes stay the same in every company the process is deployed to)',
	},
	{
		name: 'Target',
		value: 'target',
		description: 'Instances running for one object (e.g. an application item)',
	},
];

export const description: INodeProperties[] = showFor('instance', 'getAll', [
	{
		displayName: 'List By',
		name: 'by',
		type: 'options',
		default: 'template',
		options: LIST_BY_OPTIONS,
		description: 'Which instances to list',
	},
	...templateByIdPickers({
		section:
			'The section whose process templates the list below shows; for templates of an application type "section.app" by code. Not needed when the template ID is typed.',
		template: 'The process template whose instances to list: from the chosen section, or by ID',
	}).map(
		(picker): INodeProperties => ({
			...picker,
			displayOptions: { show: { by: ['template'] } },
		}),
	),
	// Not marked required: n8n shows a parameter whose condition reads an expression (List By
	// mapped from the input), and would then demand these of a list by ID or target. An empty one
	// still fails its item before any request.
	...templatePickers({ required: false, purpose: 'whose instances to list' }).map(
		(picker): INodeProperties => ({
			...picker,
			displayOptions: { show: { by: ['templateCode'] } },
		}),
	),
	{
		displayName: 'Target ID',
		name: 'targetId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description:
			'ID of the object the processes run for (e.g. an application item), sent as "target". A list by target takes only Active Only and Sort besides it.',
		displayOptions: { show: { by: ['target'] } },
	},
	...returnAllOrLimit,
	listOptions({ active: true, fields: true, eql: true }),
]);

/** Options a list by target does not take (its vendor page documents only active, sort and paging besides `target`). */
const NOT_FOR_TARGET = ['eql', 'fields', 'ids', 'tableFilter'];

function listBy(ctx: IExecuteFunctions, itemIndex: number) {
	return requireOneOf('List By', ctx.getNodeParameter('by', itemIndex, 'template'), LIST_BY);
}

/** The list's path: by template ID, by template code, or by target. */
function readListPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const by = listBy(ctx, itemIndex);
	if (by === 'target') return '/bpm/instance/bytarget/list';
	if (by === 'templateCode') {
		const namespace = readTemplateNamespace(ctx, itemIndex);
		const code = requirePathParameter(ctx, itemIndex, 'processCode', 'Process Template');
		return apiPath`/bpm/instance/bytemplate/${namespace}/${code}/list`;
	}
	const templateId = readUuidLocator(
		ctx,
		itemIndex,
		'templateId',
		'Template ID',
		'searchInstanceTemplates',
	);
	return apiPath`/bpm/instance/bytemplateid/${templateId}/list`;
}

/** The list body; a list by target adds `target` and refuses the options it does not take. */
function readListBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	if (listBy(ctx, itemIndex) !== 'target') return buildListBody(ctx, itemIndex);
	const target = requireText('Target ID', ctx.getNodeParameter('targetId', itemIndex)).trim();
	refuseUnsendableOptions(
		ctx,
		itemIndex,
		NOT_FOR_TARGET,
		'a list by target takes only Active Only and Sort',
	);
	return { target, ...buildListBody(ctx, itemIndex) };
}

/**
 * By template: POST /bpm/instance/bytemplateid/{id}/list
 * (api.elma365.com/en/public-api/reference/bpm/bmpinstancelist/); by template code: POST
 * /bpm/instance/bytemplate/{namespace}/{code}/list with the same body
 * (api.brix365.com/en/public-api/reference/bpm/bmpinstancelistbycode); by target: POST
 * /bpm/instance/bytarget/list with `target` (api.elma365.com/en/public-api/reference/bpm/bpminstancetargetlist/).
 * Both paged by from/size in the body.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readListPath(this, itemIndex);
	const body = readListBody(this, itemIndex);
	const rows = await readWholeList(this, bodyPagedList(this, itemIndex, path, body));
	return pairedRows(rows, itemIndex);
}
