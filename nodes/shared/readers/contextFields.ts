import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readJsonObject } from './common';
import { DROPPED_KEYS, invalidInput, requireSendable } from '../validation';
import { parseJsonOrText } from '../utils';

/** `{...pairs, ...json}`: the JSON object wins where both name a field. */
export function readContext(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const pairs =
		(ctx.getNodeParameter('fields.field', itemIndex, []) as Array<{
			name: string;
			value: unknown;
		}>) ?? [];
	const context: IDataObject = {};
	for (const [position, pair] of pairs.entries()) {
		const name = typeof pair.name === 'string' ? pair.name.trim() : '';
		if (name === '')
			throw invalidInput(
				ctx,
				itemIndex,
				`Fields > Field Code (entry ${position + 1})`,
				'a field code',
				pair.name,
			);
		// As a key these would set the object's prototype or be dropped by n8n's copies, without a word.
		if (DROPPED_KEYS.includes(name))
			throw invalidInput(
				ctx,
				itemIndex,
				`Fields > Field Code (entry ${position + 1})`,
				'a field code other than "__proto__", "constructor" or "prototype"',
				pair.name,
			);
		context[name] = requireSendable(
			ctx,
			itemIndex,
			`Fields > Value (entry ${position + 1})`,
			parseJsonOrText(pair.value),
		) as IDataObject[string];
	}
	return { ...context, ...readJsonObject(ctx, itemIndex, 'fieldsJson', 'Fields (JSON)') };
}
