import { CLUSTER_PORT } from './cluster-paths.ts';

/**
 * Points the shared fixtures (server-env.ts) at the cluster: nginx on CLUSTER_PORT, the operator
 * CLI host beside it. Imported by playwright.cluster.config.ts only, before server-env.ts; the
 * workers load the config first and inherit the environment.
 */
process.env.E2E_PORT = String(CLUSTER_PORT);
process.env.E2E_OPS_PORT = String(CLUSTER_PORT + 1);
process.env.E2E_CLUSTER = '1';
