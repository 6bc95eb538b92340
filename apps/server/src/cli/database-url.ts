import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config.ts';

/** DATABASE_URL, or the embedded cluster that a running `npm start` keeps under DATA_DIR. */
export function databaseUrlOf(config: Config): string {
  if (config.databaseUrl) return config.databaseUrl;
  const password = readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/app`;
}
