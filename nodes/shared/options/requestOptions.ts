import type { IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';
import {
	DEFAULT_TIMEOUT_MS,
	MAX_RESPONSE_MB,
	MAX_TIMEOUT_MS,
	MIN_TIMEOUT_MS,
	DEFAULT_QUOTA_WAIT_S,
	MAX_QUOTA_WAIT_S,
} from '../limits';
import type { Elma365Context, RequestSettings } from '../transport';
import { useRequestOptionsReader } from '../transport';
import { invalidInput } from '../validation';
import { namingItem } from '../validation/values';

const MB = 1024 * 1024;

/**
 * Request Options: how every request of the node behaves, whatever the operation. Every node
 * lists it last in its properties; the transport reads it for each request with
 * `readRequestOptions`, which this file gives it when it is loaded.
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

function isExecute(ctx: Elma365Context): ctx is IExecuteFunctions {
	return typeof (ctx as IExecuteFunctions).getInputData === 'function';
}

/**
 * The node's Request Options for one item (pickers and triggers: the node's current values). A
 * refused value names the item, item 0 where the request has none (a read shared by the run).
 */
export function readRequestOptions(ctx: Elma365Context, itemIndex = 0): RequestSettings {
	const raw = isExecute(ctx)
		? ctx.getNodeParameter('requestOptions', itemIndex, {})
		: (ctx as ILoadOptionsFunctions).getNodeParameter('requestOptions', {});
	try {
		return requestSettings(raw);
	} catch (error) {
		throw namingItem(ctx.getNode(), error, itemIndex);
	}
}

useRequestOptionsReader(readRequestOptions);

type RawRequestOptions = {
	timeout?: unknown;
	retryWrites?: unknown;
	maxResponseMb?: unknown;
	maxQuotaWait?: unknown;
};

/** Request Options as the node holds them (`requestOptions`), checked. */
function requestSettings(raw: unknown): RequestSettings {
	const options = (raw && typeof raw === 'object' ? raw : {}) as RawRequestOptions;
	return {
		timeout: readTimeout(options.timeout),
		maxBytes: readMaxBytes(options.maxResponseMb),
		retryWrites: readRetryWrites(options.retryWrites),
		maxQuotaWaitMs: readMaxQuotaWait(options.maxQuotaWait) * 1000,
	};
}

function readMaxQuotaWait(value: unknown): number {
	if (value === undefined || value === '') return DEFAULT_QUOTA_WAIT_S;
	const seconds = wholeNumber(value);
	if (seconds === undefined || seconds < 0 || seconds > MAX_QUOTA_WAIT_S)
		throw invalidInput(
			'Request Options > Max Quota Wait (Seconds)',
			`a whole number of seconds from 0 to ${MAX_QUOTA_WAIT_S}`,
			value,
		);
	return seconds;
}

/** A whole number, or its text; undefined for anything else. */
function wholeNumber(value: unknown): number | undefined {
	const number = typeof value === 'string' ? Number(value.trim()) : value;
	return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function readTimeout(value: unknown): number | undefined {
	if (value === undefined || value === '') return undefined;
	const timeout = wholeNumber(value);
	if (timeout === undefined || timeout < MIN_TIMEOUT_MS || timeout > MAX_TIMEOUT_MS)
		throw invalidInput(
			'Request Options > Timeout',
			`a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`,
			value,
		);
	return timeout;
}

function readMaxBytes(value: unknown): number | undefined {
	if (value === undefined || value === '') return undefined;
	const mb = wholeNumber(value);
	if (mb === undefined || mb < 1 || mb > MAX_RESPONSE_MB)
		throw invalidInput(
			'Request Options > Max Response Size (MB)',
			`a whole number of megabytes from 1 to ${MAX_RESPONSE_MB}`,
			value,
		);
	return mb * MB;
}

function readRetryWrites(value: unknown): boolean {
	if (value === undefined) return false;
	if (typeof value !== 'boolean')
		throw invalidInput(
			'Request Options > Retry Writes After Ambiguous Failures',
			'true or false',
			value,
		);
	return value;
}
