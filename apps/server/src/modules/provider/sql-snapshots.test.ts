import { describeHotQueries } from '../../../test/sql-snapshot.ts';
import { findSession, hasStoredAnswer } from './provider.repository.ts';

/** The provider module's hot queries: see apps/server/test/sql-snapshot.ts. */
describeHotQueries(import.meta.dirname, {
  // Every vendor callback.
  session: (db) => findSession(db, 'BGS', 1n),
  'stored-answer': (db) => hasStoredAnswer(db, 'BGS', 'bet', 'tx-1'),
});
