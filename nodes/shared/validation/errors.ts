import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { shownValue } from './shown';

/**
 * What a validator needs of n8n's context: the node its errors name. An execution and a trigger's
 * poll both have it; the item index is left out where there are no items (a poll).
 */
export interface NodeContext {
	getNode(): INode;
}

/** The error every validator throws: names the field, the item, what was expected and what came. */
export function invalidInput(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: string,
	expected: string,
	value: unknown,
): NodeOperationError {
	// A trigger's poll has no items: its errors name the field only.
	const where = itemIndex === undefined ? '' : ` in item ${itemIndex}`;
	return new NodeOperationError(
		ctx.getNode(),
		`Invalid "${field}"${where}: expected ${expected}, got ${shownValue(value)}`,
		{ itemIndex },
	);
}
