import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import {
	valuesInput,
	readValues,
	sectionOf,
	valueShapesNotice,
} from '../../../shared/fields/valuesInput';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { invalidInput, requireText } from '../../../shared/validation';
import { contextMapper } from '../process/contextMapper';
import { readOptionalTemplateScheme, templatePickers } from '../process/templatePickers';
import { instanceOrderKey, readInstanceId, instanceOfTemplateCode } from './instanceFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('instance', 'updateContext', [
	...templatePickers({
		required: false,
		purpose: 'the instance runs, to list its instances and its context fields below (optional)',
	}),
	instanceOfTemplateCode('whose context to change'),
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		required: true,
		default: '',
		description:
			"Why the context is changed (the platform requires it), kept in the instance's history",
	},
	...valuesInput({ what: 'process context', form: [contextMapper, valueShapesNotice] }),
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/**
 * `{comment, context}`: the values of the section chosen under Specify Values, at least one. Pairs
 * and JSON are converted by the template's context fields when Section and Process Template are
 * given (the scheme the mapper reads), and sent as given otherwise.
 */
async function readBody(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const comment = requireText('Comment', ctx.getNodeParameter('comment', itemIndex));
	const context = await readValues(ctx, itemIndex, readOptionalTemplateScheme(ctx, itemIndex));
	if (Object.keys(context).length === 0)
		throw invalidInput(sectionOf(ctx, itemIndex), 'at least one context field', '');
	return { comment, context };
}

/**
 * PUT /bpm/instance/{id}/context {comment, context}
 * (api.brix365.com/en/public-api/reference/bpm/bpminstancecontext): both keys required.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const instanceId = readInstanceId(this, itemIndex);
	const body = await readBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'PUT',
		path: apiPath`/bpm/instance/${instanceId}/context`,
		body,
		// Setting the same values again leaves the context as the first request left it.
		idempotent: true,
		itemIndex,
	});
	return { instanceId, ...body, ...unwrapItem(response) };
}

export const orderKey = instanceOrderKey;
