import { describeHotQueries, SNAPSHOT_PERIOD } from '../../../test/sql-snapshot.ts';
import { listMemberEntries } from './member-ledger.repository.ts';
import { findMemberCash, findMemberPockets, listCashEntries } from './wallet.repository.ts';

/** The wallet module's hot queries: see apps/server/test/sql-snapshot.ts. */
describeHotQueries(import.meta.dirname, {
  // The header balance and every bet's pre-check.
  'member-pockets': (db) => findMemberPockets(db, 1n),
  'member-cash': (db) => findMemberCash(db, 1n),
  // The player's account record and the console's ledger tab.
  'cash-history': (db) => listCashEntries(db, { memberId: 1n, ...SNAPSHOT_PERIOD, limit: 20, offset: 0 }),
  'member-ledger': (db) => listMemberEntries(db, { memberId: 1n, limit: 20, offset: 0 }),
});
