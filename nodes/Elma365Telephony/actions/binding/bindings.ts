import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiPath } from '../../../shared/transport';
import { invalidInput, requireText, requireUuid } from '../../../shared/validation';
import { requirePathParameter } from '../../../shared/validation/values';
import { shownText } from '../../../shared/shown';

/** One extension and the user it belongs to, as the bindings body carries it. */
export interface Binding extends IDataObject {
	extension: string;
	userId: string;
}

/** The Module Code of the item (typed, or the code of the picked module), checked as one path segment. */
export function readModuleCode(ctx: IExecuteFunctions, itemIndex: number): string {
	return requirePathParameter(ctx, itemIndex, 'moduleCode', 'Module Code');
}

/**
 * The module's bindings: api.elma365.com/en/public-api/reference/integration/updatevoipbindings
 * (PUT) and the GET of the same path.
 */
export function bindingsPath(code: string): string {
	return apiPath`/integration/${code}/voip/bindings`;
}

/** Bindings (JSON) parsed; an empty text is no bindings. */
function parseJson(value: unknown): unknown {
	if (typeof value !== 'string') return value ?? [];
	if (value.trim() === '') return [];
	try {
		return JSON.parse(value);
	} catch {
		throw invalidInput(
			'Bindings (JSON)',
			'a JSON array of {"extension", "userId"} or an object {"extension": "userId"}',
			value,
		);
	}
}

/** One binding, validated: the extension as text, the user as a UUID. */
function binding(label: string, extension: unknown, userId: unknown): Binding {
	const ext =
		typeof extension === 'number'
			? String(extension)
			: requireText(`${label} > Extension`, extension).trim();
	return { extension: ext, userId: requireUuid(`${label} > User ID`, userId) };
}

/** The bindings given for an item (list, then JSON), validated; one per extension, the last one given wins. */
export function readBindings(ctx: IExecuteFunctions, itemIndex: number): Binding[] {
	const byExtension = new Map<string, Binding>();
	const pairs = (ctx.getNodeParameter('bindings.binding', itemIndex, []) as IDataObject[]) ?? [];
	for (const [position, pair] of pairs.entries()) {
		// The indexed read gives the ID of the user, picked or typed.
		const userId = ctx.getNodeParameter(`bindings.binding[${position}].userId`, itemIndex, '', {
			extractValue: true,
		});
		const entry = binding(`Bindings (entry ${position + 1})`, pair.extension, userId);
		byExtension.set(entry.extension, entry);
	}
	const json = parseJson(ctx.getNodeParameter('bindingsJson', itemIndex, '[]'));
	if (Array.isArray(json)) {
		for (const [position, pair] of json.entries()) {
			if (!pair || typeof pair !== 'object' || Array.isArray(pair)) {
				throw invalidInput(
					`Bindings (JSON) (entry ${position + 1})`,
					'an object {"extension", "userId"}',
					pair,
				);
			}
			const data = pair as IDataObject;
			const entry = binding(`Bindings (JSON) (entry ${position + 1})`, data.extension, data.userId);
			byExtension.set(entry.extension, entry);
		}
	} else if (json && typeof json === 'object') {
		for (const [extension, userId] of Object.entries(json as IDataObject)) {
			const entry = binding(
				`Bindings (JSON) (extension ${shownText(String(extension))})`,
				extension,
				userId,
			);
			byExtension.set(entry.extension, entry);
		}
	} else {
		throw invalidInput(
			'Bindings (JSON)',
			'a JSON array of {"extension", "userId"} or an object {"extension": "userId"}',
			json,
		);
	}
	return [...byExtension.values()];
}

/** The bindings of a platform answer `{bindings: [...]}` (an empty list when it has none). */
export function bindingsOf(response: IDataObject): IDataObject[] {
	return Array.isArray(response.bindings) ? (response.bindings as IDataObject[]) : [];
}
