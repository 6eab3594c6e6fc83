import type { INode } from 'n8n-workflow';

/**
 * Whether the node runs as an AI agent's tool: n8n wraps a node for an agent as a type named after
 * it with `Tool` appended (`n8n-nodes-elma365.elma365TaskTool`).
 */
export function isToolNode(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/**
 * The `$fromAI()` argument a parameter's value comes from, where the node runs as an agent's tool:
 * the agent fills arguments, not the form, so its errors should name them. Reads the raw value (an
 * expression, or a resource locator's `{__rl, value}`); undefined when the value is not `$fromAI`.
 */
export function toolArgument(node: INode, parameter: string): string | undefined {
	if (!isToolNode(node)) return undefined;
	const raw = node.parameters[parameter];
	const value = raw && typeof raw === 'object' && 'value' in raw ? raw.value : raw;
	if (typeof value !== 'string') return undefined;
	return /\$fromAI\(\s*(['"`])([^'"`]+)\1/i.exec(value)?.[2];
}
