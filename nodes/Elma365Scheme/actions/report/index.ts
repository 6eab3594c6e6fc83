import { tableResource } from '../tableOperations';

/**
 * Report scheme operations are reads by path without a body, so each is a row of ../table.ts (its
 * method, path and whether it is a list) rather than a file; tableOperations.ts builds their
 * parameters and requests from the rows.
 */
export const { description, operations } = tableResource('report', 'getAll');
