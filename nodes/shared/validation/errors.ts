import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { shownValue } from './shown';
import { toolArgument } from './toolArguments';

/**
 * What a validator needs of n8n's context: the node its errors name. An execution and a trigger's
 * poll both have it; the item index is left out where there are no items (a poll).
 */
export interface NodeContext {
	getNode(): INode;
}

/**
 * A field read from one node parameter: its label on the form and the parameter's name, by which an
 * error finds the tool argument (`$fromAI`) an agent gave it.
 */
export interface ParameterField {
	label: string;
	parameter: string;
}

/** What a validator's error names: a form label, or a field read from one node parameter. */
export type Field = string | ParameterField;

/** The field read from node parameter `parameter`, shown on the form as `label`. */
export function parameterField(parameter: string, label: string): ParameterField {
	return { label, parameter };
}

/** The form label of a field. */
export function fieldLabel(field: Field): string {
	return typeof field === 'string' ? field : field.label;
}

/**
 * The error every validator throws: names the field, the item, what was expected and what came.
 * Where an agent gave the value as a tool argument, it names that argument first: an agent has no
 * form, and calls a tool with one item, so the item index tells it nothing.
 */
export function invalidInput(
	ctx: NodeContext,
	itemIndex: number | undefined,
	field: Field,
	expected: string,
	value: unknown,
): NodeOperationError {
	const label = fieldLabel(field);
	const argument =
		typeof field === 'string' ? undefined : toolArgument(ctx.getNode(), field.parameter);
	// A trigger's poll has no items: its errors name the field only.
	const where = itemIndex === undefined ? '' : ` in item ${itemIndex}`;
	const subject =
		argument === undefined
			? `"${label}"${where}`
			: `tool argument "${argument}" (field "${label}")`;
	return new NodeOperationError(
		ctx.getNode(),
		`Invalid ${subject}: expected ${expected}, got ${shownValue(value)}`,
		{ itemIndex },
	);
}
