import path from 'node:path';

/**
 * Where the cluster journey's `npm run cluster` listens and writes its processes' pids. No side
 * effects: the journey imports it in every run (it is skipped outside the cluster config).
 */
const root = path.resolve(import.meta.dirname, '..');
export const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT ?? 3300);
/** The API processes' own ports, after nginx's and the operator CLI host's. */
export const CLUSTER_API_PORT = CLUSTER_PORT + 10;
export const CLUSTER_APIS = 3;
/** The cluster's own nats-server (CLUSTER_NATS): the events between the processes go through it. */
export const CLUSTER_NATS_PORT = CLUSTER_PORT + 9;
export const CLUSTER_STATE_FILE = path.join(root, '.tmp/e2e-cluster/cluster.json');

export interface ClusterState {
  pid: number;
  nginx: { pid: number | null };
  workers: { name: string; pid: number | null }[];
  apis: { name: string; port: number; pid: number | null }[];
}
