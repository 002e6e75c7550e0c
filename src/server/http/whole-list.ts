/**
 * A whole list (no `page`) is sent as it is read, `batchSize` rows at a time, so the server holds
 * one batch however long the list, other requests go between its batches, and the work stops when
 * the client goes away. Past WHOLE_LIST_MAX rows (default `maxDefault`) it is refused, with the
 * paged form named.
 */
export const WHOLE_LIST = { maxDefault: 100_000, batchSize: 500 } as const;
