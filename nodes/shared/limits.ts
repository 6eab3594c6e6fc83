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
