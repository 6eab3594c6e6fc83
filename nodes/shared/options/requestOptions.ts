import type { INodeProperties } from 'n8n-workflow';
import {
	DEFAULT_TIMEOUT_MS,
	MAX_RESPONSE_MB,
	MAX_TIMEOUT_MS,
	MIN_TIMEOUT_MS,
	DEFAULT_QUOTA_WAIT_S,
	MAX_QUOTA_WAIT_S,
} from '../limits';

/**
 * Request Options: how every request of the node behaves, whatever the operation. Every node
 * lists it last in its properties; the transport reads it for each request.
 */
export const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Retry Writes After Ambiguous Failures',
			name: 'retryWrites',
			type: 'boolean',
			default: false,
			description:
				'Whether to repeat create, start, upload and import requests after a 5xx answer, a timeout or a dropped connection. Off by default: such a failure can come after the platform did the write, and a repeat would do it twice. Turn on only where a duplicate is harmless. Reads and updates are always retried.',
		},
		{
			displayName: 'Max Quota Wait (Seconds)',
			name: 'maxQuotaWait',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_QUOTA_WAIT_S, numberPrecision: 0 },
			default: DEFAULT_QUOTA_WAIT_S,
			description:
				"Longest time one request waits, in all, while the company's API request quota is used up (HTTP 429; SaaS Standard companies may send 90 requests a minute plus 5 per licence). The node sends again when the platform takes requests again; past this wait the item fails. 0 fails at the first 429.",
		},
		{
			displayName: 'Max Response Size (MB)',
			name: 'maxResponseMb',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_RESPONSE_MB, numberPrecision: 0 },
			default: 16,
			description:
				'Largest answer one request may receive, in megabytes; a larger one is abandoned and the item fails. Unless set, file downloads may be up to 1024 MB, other answers 16 MB.',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: MIN_TIMEOUT_MS, maxValue: MAX_TIMEOUT_MS, numberPrecision: 0 },
			default: DEFAULT_TIMEOUT_MS,
			description:
				'Time in ms one attempt may take in all, from sending the request to the last byte of the answer, before it is abandoned. Unless set, uploads and downloads may take 10 minutes, other requests 1 minute.',
		},
	],
};
