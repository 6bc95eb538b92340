import type { DbExecutor } from '../../platform/db.ts';
import { executeSql } from '../../platform/db.ts';

export const CATALOGUE_CHANGED = 'catalogue.changed';

/**
 * Tells every API process that the catalogue changed, over the shared app_events channel the
 * event bus listens on; inside a transaction PostgreSQL delivers it on commit, never on rollback.
 */
export async function notifyCatalogueChanged(executor: DbExecutor): Promise<void> {
  await executeSql(executor, 'select pg_notify($1, $2)', ['app_events', JSON.stringify({ type: CATALOGUE_CHANGED, audience: { kind: 'public' } })]);
}
