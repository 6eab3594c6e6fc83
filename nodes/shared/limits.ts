/** The bounds of a node run's requests: the router's, the grouped operations' and the congestion window's. */

/** Entries per combined request (Send in One Request > Batch Size): the page-size cap of older platform versions, safe everywhere. */
export const MAX_BATCH_SIZE = 100;

/** Most requests one node may have in flight at once (Options > Concurrency). */
export const MAX_CONCURRENCY = 200;

/**
 * Options > Concurrency's default for operations whose items change different objects (or whose
 * side effects need no order): the ceiling of a congestion window that starts at INITIAL_WINDOW and
 * doubles while the platform keeps up, so a healthy platform gets many requests at once and a
 * throttling one no more than it takes.
 */
export const ADAPTIVE_CEILING = 100;

/**
 * Requests in flight before the first answers: the window doubles from here with each round of
 * successes. A setting at or below it (e.g. Concurrency 10) is in flight at once.
 */
export const INITIAL_WINDOW = 32;

/* Request Options: the bounds of one request (options/requestOptions.ts reads them, the transport applies them). */

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
 * Request Options > Max Quota Wait's default, in seconds: the longest one request waits out the
 * company's quota. Five of the documented one-minute periods (help "SaaS Standard limits").
 */
export const DEFAULT_QUOTA_WAIT_S = 300;
/** Request Options > Max Quota Wait's largest value, in seconds. */
export const MAX_QUOTA_WAIT_S = 3_600;
