import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiRequest } from '../../../shared/transport';
import { requireOneOf } from '../../../shared/validation';
import { splitList } from '../../../shared/utils';
import { bindingFields, moduleCodeFields } from './bindingFields';
import { bindingsOf, bindingsPath, readBindings, readModuleCode } from './bindings';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

const MODES = ['merge', 'replace'] as const;

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('binding', 'update', [
	...moduleCodeFields,
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		default: 'merge',
		options: [
			{
				name: 'Merge',
				value: 'merge',
				description:
					'Read the current mapping, change only the extensions given (and remove those listed), write it back',
			},
			{
				name: 'Replace',
				value: 'replace',
				description: 'Write exactly the bindings given: every other extension loses its user',
			},
		],
		description: "How the given bindings are applied to the module's current mapping",
	},
	...bindingFields,
	{
		displayName: 'Extensions to Remove',
		name: 'removeExtensions',
		type: 'string',
		default: '',
		placeholder: '101, 102',
		description: 'Comma-separated extensions to drop from the current mapping',
		displayOptions: { show: { mode: ['merge'] } },
	},
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** A merge reads the module's mapping and writes it back: updates of one module must not interleave. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readModuleCode(ctx, itemIndex);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	// Everything is read and checked before the first request.
	const path = bindingsPath(readModuleCode(this, itemIndex));
	const mode = requireOneOf('Mode', this.getNodeParameter('mode', itemIndex, 'merge'), MODES);
	const given = readBindings(this, itemIndex);
	const removed =
		mode === 'merge' ? splitList(this.getNodeParameter('removeExtensions', itemIndex, '')) : [];

	let bindings: IDataObject[] = given;
	if (mode === 'merge') {
		const current = bindingsOf(await apiRequest(this, { method: 'GET', path, itemIndex }));
		const merged = new Map<string, IDataObject>(
			current.map((entry) => [String(entry.extension), entry]),
		);
		for (const extension of removed) merged.delete(extension);
		for (const entry of given) merged.set(entry.extension, entry);
		bindings = [...merged.values()];
	}
	const response = await apiRequest(this, {
		method: 'PUT',
		path,
		body: { bindings },
		itemIndex,
	});
	return {
		bindings: Array.isArray(response.bindings) ? (response.bindings as IDataObject[]) : bindings,
	};
}
