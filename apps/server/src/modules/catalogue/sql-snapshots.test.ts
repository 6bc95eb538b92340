import { describeHotQueries } from '../../../test/sql-snapshot.ts';
import { favoritePage, recentPage } from './player-games.repository.ts';

/** The catalogue module's hot queries: see apps/server/test/sql-snapshot.ts. */
describeHotQueries(import.meta.dirname, {
  // The lobby's member lists.
  'favorites-page': (db) => favoritePage(db, 1n, {}, 20, 0),
  'recent-page': (db) => recentPage(db, 1n, 20, 0),
});
