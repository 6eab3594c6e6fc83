import type { INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint } from '../../../shared/jsonParameter';

/** Name (required on create; on update, empty keeps the name) and the JSON escape hatch. */
export function directoryFields(nameRequired: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: nameRequired,
			default: '',
			description: nameRequired
				? 'Name of the directory'
				: 'New name of the directory; left empty, the directory keeps its name',
		},
		{
			displayName: 'Additional Body Fields (JSON)',
			name: 'body',
			type: 'json',
			default: '{}',
			description: `${jsonEscapeHatchHint}. The platform documents no other directory fields; on-premises versions differ.`,
		},
	];
}
