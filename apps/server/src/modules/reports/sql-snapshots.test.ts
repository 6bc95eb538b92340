import { describeHotQueries, SNAPSHOT_PERIOD } from '../../../test/sql-snapshot.ts';
import { pendingWithdrawals, playBy, windowOf } from './reports.repository.ts';

/** The reports module's hot queries: see apps/server/test/sql-snapshot.ts. */
describeHotQueries(import.meta.dirname, {
  // The console's dashboard.
  'play-by-day': (db) => playBy(db, windowOf(SNAPSHOT_PERIOD), 'day', SNAPSHOT_PERIOD.timeZone, new Date('2026-11-28T03:00:00Z')),
  'pending-withdrawals': (db) => pendingWithdrawals(db),
});
