/**
 * The name of this API process behind a load balancer (`npm run cluster` sets CLUSTER_NODE_NAME
 * to api-1, api-2, …), answered as `x-served-by` and in the /ws hello so a test or an operator
 * can tell which process took a request or holds a socket. Unset (the default): nothing is added.
 * Only names of letters, digits, dots, dashes and underscores are used, so it cannot break a header.
 *
 * Read here rather than in platform/config.ts while issue 28's scale work reshapes that file;
 * it belongs there (CLUSTER_NODE_NAME) once that work has landed.
 */
// eslint-disable-next-line no-restricted-properties -- see above: config.ts is being changed by another piece of work
const raw = process.env.CLUSTER_NODE_NAME ?? '';

export const SERVED_BY: string | undefined = /^[A-Za-z0-9._-]{1,64}$/.test(raw) ? raw : undefined;
