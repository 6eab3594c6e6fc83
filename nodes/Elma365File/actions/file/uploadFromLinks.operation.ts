import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { NodeApiError } from 'n8n-workflow';
import { uuidLocator } from '../../../shared/pickers/locators';
import { groupedOperation } from '../../../shared/execution/grouped';
import type { BulkEntry, Done } from '../bulk';
import {
	answeredItems,
	answerItems,
	bulkBody,
	bulkRequest,
	bulkSendingProperties,
	groupBulkItems,
	hasError,
	MAX_BATCH_SIZE,
	readBulkItem,
	readBulkSettings,
	requireHttpUrl,
	secondStepOutcomes,
	splitAnswer,
} from '../bulk';
import { readOptionalDirectory } from '../diskParameters';

export const description: INodeProperties[] = showFor('file', 'uploadFromLinks', [
	{
		displayName: 'Link URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://example.com/report.pdf',
		description: 'Address the platform downloads the file from (http or https)',
	},
	uuidLocator({
		displayName: 'Directory',
		name: 'entryDirectoryId',
		searchListMethod: 'searchDirectories',
		description:
			'Directory to store the fetched file in (with Initialize, in the same run); left empty, the file stays in temporary storage for an hour and the output gives its hash',
		required: false,
	}),
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		description: "Name of the file in the directory; left empty, the last part of the link's path",
	},
	...bulkSendingProperties('downloadLinks'),
]);

/** The item's Directory, or undefined when the fetched file stays in temporary storage. */
function directoryOf(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	return readOptionalDirectory(ctx, itemIndex, 'entryDirectoryId', 'Directory');
}

/** The item's File Name, or the last part of the link's path when it is empty. */
function fileNameOf(ctx: IExecuteFunctions, itemIndex: number, link: string): string {
	const named = String(ctx.getNodeParameter('fileName', itemIndex, '') ?? '').trim();
	if (named !== '') return named;
	const last = new URL(link).pathname.split('/').filter(Boolean).pop();
	try {
		return last ? decodeURIComponent(last) : 'file';
	} catch {
		return last ?? 'file';
	}
}

/**
 * The vendor's second step, for the items with a Directory: one `/disk/files` request (per 100)
 * makes files of the fetched bodies; each item gets its `file`, or fails with the entry's error.
 */
async function initialize(
	ctx: IExecuteFunctions,
	done: Done[],
): Promise<Map<number, IDataObject | Error>> {
	const results = new Map<number, IDataObject | Error>();
	const wanted = done.flatMap((item) => {
		const directory = directoryOf(ctx, item.itemIndex);
		if (directory === undefined) return [];
		const link = item.entries[0] as string;
		return [
			{
				itemIndex: item.itemIndex,
				link,
				entry: { hash: item.items[0].hash, name: fileNameOf(ctx, item.itemIndex, link), directory },
			},
		];
	});
	for (let start = 0; start < wanted.length; start += MAX_BATCH_SIZE) {
		const chunk = wanted.slice(start, start + MAX_BATCH_SIZE);
		const answer = await bulkRequest(ctx, {
			method: 'POST',
			path: '/disk/files',
			body: { files: chunk.map((w) => w.entry) },
			idempotent: false,
			itemIndex: chunk[0].itemIndex,
		});
		if ('error' in answer) {
			for (const w of chunk) results.set(w.itemIndex, answer.error as Error);
			continue;
		}
		const items = answerItems(answer.payload, chunk.length);
		chunk.forEach((w, index) => {
			const entry = items?.[index];
			if (entry && !hasError(entry)) {
				results.set(w.itemIndex, { file: entry.file as IDataObject });
				return;
			}
			const why = entry ? String(entry.error) : 'the platform did not say which files failed';
			results.set(
				w.itemIndex,
				new NodeApiError(ctx.getNode(), { items: entry ? [entry] : [] } as JsonObject, {
					message: `ELMA365: the file fetched from ${w.link} could not be stored in directory ${w.entry.directory}: ${why}`,
					description: `The link was fetched (hash ${String(w.entry.hash)}); making a file of it (POST /disk/files) failed. The body stays in temporary storage for an hour: Initialize or Move can still store it.`,
					httpCode: answer.failure ? '422' : undefined,
					itemIndex: w.itemIndex,
				}),
			);
		});
	}
	return results;
}

/** The outputs whose link was answered with a hash: those the second step (Initialize) continues. */
const answered = new WeakSet<IDataObject>();

/**
 * POST /disk/uploads/from-link: has the platform fetch files from http(s) links into temporary
 * storage (`{"downloadLinks": [...]}`, one link per item); each answer entry carries the body's hash.
 * With a Directory, the node then stores each fetched file there, as the vendor's second step
 * (Initialize) does.
 */
export const executeAll = groupedOperation({
	readSettings: readBulkSettings,
	read: (ctx, itemIndex, settings) =>
		readBulkItem(ctx, itemIndex, settings, 'downloadLinks', readLink(ctx, itemIndex)),
	group: groupBulkItems,
	async send(ctx, group) {
		const answer = await bulkRequest(ctx, {
			method: 'POST',
			path: '/disk/uploads/from-link',
			body: bulkBody(group),
			idempotent: false,
			itemIndex: group[0].itemIndex,
		});
		return splitAnswer(ctx, group, answer, answered);
	},
	async then(ctx, succeeded) {
		const done = answeredItems(succeeded, answered);
		if (done.length === 0) return new Map();
		return secondStepOutcomes(done, await initialize(ctx, done));
	},
});

/** The item's one entry: its Link URL, checked (and its Directory, checked before any request). */
function readLink(ctx: IExecuteFunctions, itemIndex: number): BulkEntry[] {
	const link = requireHttpUrl('Link URL', ctx.getNodeParameter('url', itemIndex, ''));
	directoryOf(ctx, itemIndex);
	return [link];
}
