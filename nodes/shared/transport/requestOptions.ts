import type { IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';
import { invalidInput } from '../validation';
import type { Elma365Context } from './types';

/** Default time one attempt may take in all, from sending to the last byte of the answer. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Default for uploads and downloads, whose bodies can be large. */
export const TRANSFER_TIMEOUT_MS = DEFAULT_TIMEOUT_MS * 10;
export const MIN_TIMEOUT_MS = 100;
export const MAX_TIMEOUT_MS = 3_600_000;
const MB = 1024 * 1024;
/** Default size cap of an API answer (a page of 100 items is far below it). */
export const API_MAX_BYTES = 16 * MB;
/** Default size cap of a file download. */
export const TRANSFER_MAX_BYTES = 1024 * MB;
export const MAX_RESPONSE_MB = 100 * 1024;

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

export interface RequestSettings {
	/** The timeout the user set, or undefined for the operation's own default. */
	timeout?: number;
	/** The size cap the user set, in bytes, or undefined for the request's own default. */
	maxBytes?: number;
	retryWrites: boolean;
}

function isExecute(ctx: Elma365Context): ctx is IExecuteFunctions {
	return typeof (ctx as IExecuteFunctions).getInputData === 'function';
}

/** The node's Request Options for one item (pickers and triggers: the node's current values). */
export function readRequestSettings(ctx: Elma365Context, itemIndex = 0): RequestSettings {
	const raw = isExecute(ctx)
		? ctx.getNodeParameter('requestOptions', itemIndex, {})
		: (ctx as ILoadOptionsFunctions).getNodeParameter('requestOptions', {});
	const options = (raw && typeof raw === 'object' ? raw : {}) as {
		timeout?: unknown;
		retryWrites?: unknown;
		maxResponseMb?: unknown;
	};
	const settings: RequestSettings = { retryWrites: false };

	if (options.timeout !== undefined && options.timeout !== '') {
		const timeout =
			typeof options.timeout === 'string' ? Number(options.timeout.trim()) : options.timeout;
		if (
			typeof timeout !== 'number' ||
			!Number.isInteger(timeout) ||
			timeout < MIN_TIMEOUT_MS ||
			timeout > MAX_TIMEOUT_MS
		) {
			throw invalidInput(
				ctx,
				itemIndex,
				'Request Options > Timeout',
				`a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`,
				options.timeout,
			);
		}
		settings.timeout = timeout;
	}
	if (options.maxResponseMb !== undefined && options.maxResponseMb !== '') {
		const mb =
			typeof options.maxResponseMb === 'string'
				? Number(options.maxResponseMb.trim())
				: options.maxResponseMb;
		if (typeof mb !== 'number' || !Number.isInteger(mb) || mb < 1 || mb > MAX_RESPONSE_MB) {
			throw invalidInput(
				ctx,
				itemIndex,
				'Request Options > Max Response Size (MB)',
				`a whole number of megabytes from 1 to ${MAX_RESPONSE_MB}`,
				options.maxResponseMb,
			);
		}
		settings.maxBytes = mb * MB;
	}
	if (options.retryWrites !== undefined) {
		if (typeof options.retryWrites !== 'boolean')
			throw invalidInput(
				ctx,
				itemIndex,
				'Request Options > Retry Writes After Ambiguous Failures',
				'true or false',
				options.retryWrites,
			);
		settings.retryWrites = options.retryWrites;
	}
	return settings;
}
