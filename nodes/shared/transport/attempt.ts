import type { IDataObject, NodeApiError } from 'n8n-workflow';
import type { Download } from './download';
import type { PreparedRequest } from './prepare';
import type { ApiRequest, Elma365Context } from './types';

/** How the caller wants the answer: parsed JSON, all bytes in memory, or a stream of bytes. */
export type ResponseMode = 'json' | 'buffer' | 'stream';

/** One attempt of a request and everything it is sent and read with. */
export interface Attempt {
	ctx: Elma365Context;
	request: ApiRequest;
	prepared: PreparedRequest;
	mode: ResponseMode;
	/** Fires when the attempt's time (Request Options > Timeout) is up. */
	deadline: AbortSignal;
	/** 1 for the first attempt. */
	number: number;
}

/** How one attempt ended: a result, a download, or a failure worth another attempt (after `waitMs`, or the backoff). */
export type AttemptResult =
	| { kind: 'result'; body: IDataObject }
	| { kind: 'download'; download: Download }
	| { kind: 'retry'; failure: NodeApiError; waitMs?: number };
