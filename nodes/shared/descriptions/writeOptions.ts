import type { INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint } from './common';
import { concurrencyOption } from '../execution/operations';

/**
 * Options of a write whose request is not in the vendor's reference (or only partly): Concurrency
 * and a raw JSON body merged over the form's, for a platform version that names a key otherwise.
 */
export const writeOptions: INodeProperties = {
	...concurrencyOption,
	options: [
		...(concurrencyOption.options as INodeProperties[]),
		{
			displayName: 'Additional Body (JSON)',
			name: 'body',
			type: 'json',
			default: '{}',
			description: `${jsonEscapeHatchHint}. Where the request is not in the vendor's reference and your platform version names a key otherwise, send it here.`,
		},
	],
};
