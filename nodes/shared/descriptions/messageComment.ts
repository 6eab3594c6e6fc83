import type { INodeProperties } from 'n8n-workflow';

/** The Text of a message or of a comment under one (an item's activity stream or a channel). */
export function messageText(description: string): INodeProperties {
	return {
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description,
	};
}
