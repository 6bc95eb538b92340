import { describeHotQueries } from '../../../test/sql-snapshot.ts';
import { listMemberDeposits } from './deposit.repository.ts';
import { findProviderEvent } from './payments.repository.ts';
import { listMemberWithdrawals, listWithdrawalsForConsole } from './withdrawal.repository.ts';

/** The payments module's hot queries: see apps/server/test/sql-snapshot.ts. */
describeHotQueries(import.meta.dirname, {
  // The member's deposit and withdrawal records.
  'member-deposits': (db) => listMemberDeposits(db, 1n, { limit: 20, offset: 0 }),
  'member-withdrawals': (db) => listMemberWithdrawals(db, 1n, { limit: 20, offset: 0 }),
  // The console's withdrawal queue: all of it (its first screen), what awaits review, and one member's.
  'console-withdrawals': (db) => listWithdrawalsForConsole(db, { limit: 20, offset: 0 }),
  'console-withdrawal-queue': (db) => listWithdrawalsForConsole(db, { status: 'reviewing', limit: 20, offset: 0 }),
  'console-member-withdrawals': (db) => listWithdrawalsForConsole(db, { member: 'member1', limit: 20, offset: 0 }),
  // Every webhook: was this provider event already received?
  'provider-event': (db) => findProviderEvent(db, 'sandbox', 'evt-1'),
});
