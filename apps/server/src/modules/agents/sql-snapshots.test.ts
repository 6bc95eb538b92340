import { describeHotQueries, SNAPSHOT_PERIOD } from '../../../test/sql-snapshot.ts';
import { activeMembers, childrenPlay, teamPlay } from './reports/figures.repository.ts';

/** The agents module's hot queries: see apps/server/test/sql-snapshot.ts. */
describeHotQueries(import.meta.dirname, {
  // The agent centre's overview and team report.
  'team-play-by-day': (db) => teamPlay(db, 1n, SNAPSHOT_PERIOD, true),
  'children-play': (db) => childrenPlay(db, 1n, SNAPSHOT_PERIOD),
  'active-members': (db) => activeMembers(db, 1n, SNAPSHOT_PERIOD, 100n),
});
