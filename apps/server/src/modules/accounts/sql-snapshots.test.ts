import { describeHotQueries } from '../../../test/sql-snapshot.ts';
import { findSessionWithMember } from './session.repository.ts';

/** The accounts module's hot queries: see apps/server/test/sql-snapshot.ts. */
describeHotQueries(import.meta.dirname, {
  // Every authenticated request.
  'session-with-member': (db) => findSessionWithMember(db, Buffer.alloc(32)),
});
