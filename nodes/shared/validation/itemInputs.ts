import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { requireText } from './values';
import { shownText } from '../shown';

/**
 * The binary field named by Input Binary Field (`binaryPropertyName`): its name, its data where the
 * item has it, and the names of the binary fields the item has (quoted, for an error).
 */
export function findInputBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { property: string; binary: IBinaryData | undefined; present: string } {
	const property = requireText(
		'Input Binary Field',
		ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
	).trim();
	const binaries = ctx.getInputData()[itemIndex]?.binary ?? {};
	// Own keys only: "__proto__" or "constructor" must not find the object's prototype.
	const binary = Object.hasOwn(binaries, property) ? binaries[property] : undefined;
	const present = Object.keys(binaries)
		.map((name) => shownText(name))
		.join(', ');
	return { property, binary, present };
}
