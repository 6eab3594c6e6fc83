import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { ItemKind as ItemArea } from '../../../shared/items/appItems';
import {
	appCreateBody,
	appCreateOptions,
	createItem,
	readLocation,
} from '../../../shared/items/appItems';
import {
	beforeVersion,
	isVersionAtLeast,
	sinceVersion,
} from '../../../shared/descriptions/versioning';
import { errorItem, forItem, MAX_BATCH_SIZE, route } from '../../../shared/execution/router';
import { apiRequest } from '../../../shared/transport';
import { invalidInput, requireBoolean, requireInteger } from '../../../shared/validation';
import { BATCH_CREATE_VERSION } from '../../versions';

/** https://api.brix365.com/en/public-api/reference/app/appitemssavebatch/ */
const BATCH_PATH = '/app/items/batch';

const sendInOneRequest: INodeProperties = {
	displayName: 'Send in One Request',
	name: 'sendInOneRequest',
	type: 'boolean',
	default: true,
	description:
		"Whether to create the items of all input items together through the platform's batch save (at most Batch Size per request, each request one transaction) instead of one request per item. Each output item is the new item's __id with the fields sent, not the platform's full item: turn this off, or add a Get, when you need the full item.",
};

const batchOptions: INodeProperties = {
	...appCreateOptions,
	options: [
		...(appCreateOptions.options as INodeProperties[]),
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE, numberPrecision: 0 },
			default: MAX_BATCH_SIZE,
			description: `Max number of items per batch request when sending in one request (at most ${MAX_BATCH_SIZE})`,
		},
		{
			displayName: 'Run Event Handlers',
			name: 'withEventHandlers',
			type: 'boolean',
			default: true,
			description:
				"Whether the platform runs the applications' event handlers for the items saved in one request (sent as withEventHandlers), as it does for an item created by itself",
		},
	],
};

/** One input item ready for the batch: where it goes and the context the single create would send. */
interface Entry {
	itemIndex: number;
	namespace: string;
	code: string;
	context: IDataObject;
}

interface Settings {
	batchSize: number;
	withEventHandlers: boolean;
}

function readSettings(ctx: IExecuteFunctions): Settings {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const batchSize =
		options.batchSize === undefined
			? MAX_BATCH_SIZE
			: requireInteger(ctx, 0, 'Batch Size', options.batchSize, { min: 1 });
	if (batchSize > MAX_BATCH_SIZE)
		throw invalidInput(
			ctx,
			0,
			'Batch Size',
			`a whole number from 1 to ${MAX_BATCH_SIZE}`,
			batchSize,
		);
	const withEventHandlers =
		options.withEventHandlers === undefined
			? true
			: requireBoolean(ctx, 0, 'Run Event Handlers', options.withEventHandlers);
	return { batchSize, withEventHandlers };
}

/**
 * A batch the platform refused as a whole: a 4xx other than a refused key or a rate limit (400, 422,
 * or 404 where an installation lacks the endpoint). One transaction, so nothing was saved and each
 * item may be created by itself. A 5xx, a timeout or a broken connection may have committed: never.
 */
function refusedWhole(error: unknown): boolean {
	if (!(error instanceof NodeApiError) || error.httpCode === undefined || error.httpCode === null)
		return false;
	const status = Number(error.httpCode);
	return status >= 400 && status < 500 && ![401, 403, 429].includes(status);
}

/**
 * Item > Create from version 1.4: with Send in One Request (the default) the contexts of all input
 * items go to POST /app/items/batch, at most Batch Size per request, each as `__id: "$ref/<itemIndex>"`;
 * the answer's pseudoIDsMap gives each item its new `__id`. Items the batch body cannot carry as the
 * single create sends them (a Status Group ID, Force Creation Event or their own `__id`) are created
 * by themselves, as is every item of a batch the platform refused as a whole (so exactly the bad ones
 * fail). Before 1.4, or with the parameter off, one /create per item as before.
 */
export function createInOneRequest(area: ItemArea) {
	const single = createItem(area, [
		...beforeVersion(BATCH_CREATE_VERSION, [appCreateOptions]),
		...sinceVersion(BATCH_CREATE_VERSION, [sendInOneRequest, batchOptions]),
	]);

	async function executeAll(
		this: IExecuteFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		const since = isVersionAtLeast(this, BATCH_CREATE_VERSION);
		if (
			items.length === 0 ||
			!since ||
			!(this.getNodeParameter('sendInOneRequest', 0, true) as boolean)
		) {
			const [output] = await route.call(this, {
				[area.resource]: { create: { execute: single.execute } },
			});
			return output;
		}

		const output: INodeExecutionData[] = new Array(items.length);
		const fail = (error: unknown, itemIndex: number) => {
			if (!this.continueOnFail()) throw forItem(this, error, itemIndex);
			output[itemIndex] = errorItem(error, itemIndex);
		};
		const createAlone = async (itemIndex: number) => {
			try {
				output[itemIndex] = {
					json: (await single.execute.call(this, itemIndex)) as IDataObject,
					pairedItem: { item: itemIndex },
				};
			} catch (error) {
				fail(error, itemIndex);
			}
		};

		// Every item is read and checked before the first request.
		const settings = readSettings(this);
		const batched: Entry[] = [];
		const alone: number[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			try {
				const { namespace, code } = readLocation(this, itemIndex, area);
				const { context, ...rest } = appCreateBody(area)(this, itemIndex);
				const entry = { itemIndex, namespace, code, context: context as IDataObject };
				if (Object.keys(rest).length > 0 || entry.context.__id !== undefined) alone.push(itemIndex);
				else batched.push(entry);
			} catch (error) {
				fail(error, itemIndex);
			}
		}

		for (let start = 0; start < batched.length; start += settings.batchSize) {
			const chunk = batched.slice(start, start + settings.batchSize);
			let answer: IDataObject;
			try {
				answer = await apiRequest(this, {
					method: 'POST',
					path: BATCH_PATH,
					body: {
						items: chunk.map(({ itemIndex, namespace, code, context }) => ({
							namespace,
							code,
							context: { ...context, __id: `$ref/${itemIndex}` },
						})),
						withEventHandlers: settings.withEventHandlers,
					},
					idempotent: false,
					itemIndex: chunk[0].itemIndex,
				});
			} catch (error) {
				if (!refusedWhole(error)) {
					for (const { itemIndex } of chunk) fail(error, itemIndex);
					continue;
				}
				for (const { itemIndex } of chunk) await createAlone(itemIndex);
				continue;
			}
			const ids = (answer.pseudoIDsMap ?? {}) as IDataObject;
			for (const { itemIndex, context } of chunk) {
				const id = ids[`$ref/${itemIndex}`];
				if (typeof id === 'string' && id !== '') {
					output[itemIndex] = { json: { __id: id, ...context }, pairedItem: { item: itemIndex } };
				} else {
					fail(
						new NodeOperationError(
							this.getNode(),
							`ELMA365: the batch save answered no ID for item ${itemIndex} ($ref/${itemIndex} is missing from pseudoIDsMap)`,
							{
								itemIndex,
								description: `The platform reported ${String(answer.savedItemsCount ?? 'an unknown number of')} saved items; check the application before running again.`,
							},
						),
						itemIndex,
					);
				}
			}
		}
		for (const itemIndex of alone) await createAlone(itemIndex);
		return output;
	}

	return { description: single.description, executeAll };
}
