import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config.ts';

/** DATABASE_URL, or the embedded cluster that a running `npm start` keeps under DATA_DIR. */
export function databaseUrlOf(config: Config): string {
  if (config.databaseUrl) return config.databaseUrl;
  const password = readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
  // The running server may have moved to a free port (EMBEDDED_PG_PORT was taken) and noted it.
  const portFile = path.join(config.dataDir, 'pg-port');
  const port = existsSync(portFile) ? Number.parseInt(readFileSync(portFile, 'utf8'), 10) : config.embeddedPgPort;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
}
