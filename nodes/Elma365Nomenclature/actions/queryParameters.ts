import type { INodeProperties } from 'n8n-workflow';

/**
 * Query Parameters (JSON) of the case and directory lists. The platform documents no list
 * parameters there besides from/size, so any others are passed through as JSON.
 */
export const queryParametersField: INodeProperties = {
	displayName: 'Query Parameters (JSON)',
	name: 'query',
	type: 'json',
	default: '{}',
	description: 'Extra query parameters sent with every page request, e.g. {"q": "contracts"}',
};
