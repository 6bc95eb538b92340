import { sql, type Selectable } from 'kysely';
import type { ReceiptState, WithdrawalStatus } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import type { PaymentsPayoutAccountTable, PaymentsWithdrawalTable, PayoutDestination } from './payments.tables.ts';

/**
 * The withdrawals' SQL (payments_withdrawal, and the payout account it pays to): each function
 * takes the executor (the caller's transaction or the pool) first and holds no rule;
 * withdrawal.service.ts decides which state may follow which, posts the ledger journals and owns
 * the transaction of each use case.
 */

export type WithdrawalRow = Selectable<PaymentsWithdrawalTable>;

export async function findPayoutAccount(executor: DbExecutor, memberId: bigint) {
  return executor.selectFrom('payments_payout_account').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Inserts or replaces the member's one payout account. */
export async function upsertPayoutAccount(executor: DbExecutor, row: Omit<Selectable<PaymentsPayoutAccountTable>, 'updated_at'>) {
  return executor
    .insertInto('payments_payout_account')
    .values(row)
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet({ ...row, updated_at: sql<Date>`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Appends a payout account change to its log. */
export async function insertPayoutAccountLog(executor: DbExecutor, entry: { memberId: bigint; account: PayoutDestination; ip: string | null }) {
  await executor.insertInto('payments_payout_account_log').values({ member_id: entry.memberId, account: JSON.stringify(entry.account), ip: entry.ip }).execute();
}

export async function findWithdrawalByRequest(executor: DbExecutor, memberId: bigint, requestId: string) {
  return executor.selectFrom('payments_withdrawal').selectAll().where('member_id', '=', memberId).where('request_id', '=', requestId).executeTakeFirst();
}

/**
 * Inserts the withdrawal; undefined when the member's request id already has one (a concurrent
 * double click). `payNow` makes its payout due at once (an auto-approved one).
 */
export async function insertWithdrawal(
  executor: DbExecutor,
  withdrawal: { memberId: bigint; requestId: string; amount: bigint; status: WithdrawalStatus; autoApproved: boolean; destination: PayoutDestination; destinationDisplay: string; provider: string; payNow: boolean },
) {
  return executor
    .insertInto('payments_withdrawal')
    .values({
      member_id: withdrawal.memberId,
      request_id: withdrawal.requestId,
      amount: withdrawal.amount,
      status: withdrawal.status,
      auto_approved: withdrawal.autoApproved,
      destination: JSON.stringify(withdrawal.destination),
      destination_display: withdrawal.destinationDisplay,
      provider: withdrawal.provider,
      next_attempt_at: withdrawal.payNow ? sql<Date>`now()` : null,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'request_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * The member's payout account row, locked for the rest of the transaction: withdrawal requests of
 * one member that check a daily limit take it first, so they are checked one after the other.
 */
export async function lockPayoutAccount(executor: DbExecutor, memberId: bigint) {
  return executor.selectFrom('payments_payout_account').select('member_id').where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

/**
 * What the member requested since the start of today in `timeZone` (the site's day), counting
 * every withdrawal but the refused and failed ones (their funds went back).
 */
export async function requestedToday(executor: DbExecutor, memberId: bigint, timeZone: string): Promise<bigint> {
  const row = await sql<{ total: bigint | null }>`
    select sum(amount)::bigint as total from payments_withdrawal
    where member_id = ${memberId} and status not in ('rejected', 'failed')
      and requested_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`.execute(executor);
  return row.rows[0]?.total ?? 0n;
}

/** The withdrawal, locked for the rest of the transaction. */
export async function lockWithdrawal(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('payments_withdrawal').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/*
 * The state changes. Each updates the row the caller has locked (lockWithdrawal) and checked is in
 * a state the change may follow; none checks the state itself.
 */

export async function markWithdrawalApproved(executor: DbExecutor, id: bigint, operatorId: bigint) {
  return executor
    .updateTable('payments_withdrawal')
    .set({ status: 'approved', reviewed_by: operatorId, reviewed_at: sql<Date>`now()`, next_attempt_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markWithdrawalRejected(executor: DbExecutor, id: bigint, operatorId: bigint, reason: string) {
  return executor
    .updateTable('payments_withdrawal')
    .set({ status: 'rejected', reviewed_by: operatorId, reviewed_at: sql<Date>`now()`, reject_reason: reason })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The provider took the payout and has not settled it yet: counted as an attempt, polled in two minutes. */
export async function markWithdrawalPaying(executor: DbExecutor, id: bigint, payoutId: string) {
  return executor
    .updateTable('payments_withdrawal')
    .set({ status: 'paying', provider_payout_id: payoutId, attempts: sql<number>`attempts + 1`, next_attempt_at: sql<Date>`now() + interval '2 minutes'`, last_error: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markWithdrawalPaid(executor: DbExecutor, id: bigint, payoutId: string) {
  return executor
    .updateTable('payments_withdrawal')
    .set({ status: 'paid', paid_at: sql<Date>`now()`, next_attempt_at: null, provider_payout_id: payoutId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markWithdrawalFailed(executor: DbExecutor, id: bigint, reason: string) {
  return executor
    .updateTable('payments_withdrawal')
    .set({ status: 'failed', failed_at: sql<Date>`now()`, failure_reason: reason, next_attempt_at: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A payout attempt that failed before the provider answered: the next one in `delaySeconds`, if still approved. */
export async function scheduleWithdrawalRetry(executor: DbExecutor, id: bigint, retry: { attempts: number; lastError: string; delaySeconds: number }) {
  await executor
    .updateTable('payments_withdrawal')
    .set({ attempts: retry.attempts, last_error: retry.lastError, next_attempt_at: sql<Date>`now() + make_interval(secs => ${retry.delaySeconds})` })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .execute();
}

export async function findWithdrawalStatus(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('payments_withdrawal').select('status').where('id', '=', id).executeTakeFirst();
}

/** Payouts due a (re)send or a poll, soonest first, at most 100: the job's batch. */
export async function listDueWithdrawals(executor: DbExecutor) {
  return executor.selectFrom('payments_withdrawal').select(['id', 'status']).where('status', 'in', ['approved', 'paying']).where('next_attempt_at', '<=', sql<Date>`now()`).orderBy('next_attempt_at').limit(100).execute();
}

/** A payout in flight the provider has not reported on: polled again in two minutes. */
export async function postponeWithdrawalPoll(executor: DbExecutor, id: bigint) {
  await executor.updateTable('payments_withdrawal').set({ next_attempt_at: sql<Date>`now() + interval '2 minutes'` }).where('id', '=', id).where('status', '=', 'paying').execute();
}

/** Paid withdrawals whose receipt was not confirmed within `timeoutMinutes`: `auto_received`. Answers how many. */
export async function markReceiptsAutoReceived(executor: DbExecutor, timeoutMinutes: number): Promise<number> {
  const autoReceived = await executor
    .updateTable('payments_withdrawal')
    .set({ receipt: 'auto_received', receipt_at: sql<Date>`now()` })
    .where('status', '=', 'paid')
    .where('receipt', 'is', null)
    .where('paid_at', '<', sql<Date>`now() - make_interval(mins => ${timeoutMinutes})`)
    .executeTakeFirst();
  return Number(autoReceived.numUpdatedRows);
}

/** The member's receipt; undefined when one was already recorded. */
export async function recordWithdrawalReceipt(executor: DbExecutor, id: bigint, receipt: { receipt: ReceiptState; receivedAmount: bigint | null }) {
  return executor
    .updateTable('payments_withdrawal')
    .set({ receipt: receipt.receipt, received_amount: receipt.receivedAmount, receipt_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('receipt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function saveWithdrawalProof(executor: DbExecutor, id: bigint, proof: { type: 'image/png' | 'image/jpeg'; bytes: Buffer }) {
  return executor.updateTable('payments_withdrawal').set({ proof: proof.bytes, proof_type: proof.type }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function findMemberWithdrawal(executor: DbExecutor, memberId: bigint, id: bigint) {
  return executor.selectFrom('payments_withdrawal').selectAll().where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
}

export async function findWithdrawal(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('payments_withdrawal').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member's withdrawals, newest first, and how many there are. */
export async function listMemberWithdrawals(executor: DbExecutor, memberId: bigint, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    executor.selectFrom('payments_withdrawal').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    executor.selectFrom('payments_withdrawal').select((eb) => eb.fn.countAll<string>().as('count')).where('member_id', '=', memberId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** The console's withdrawal queue (newest first) with the member's account, and the total. */
export async function listWithdrawalsForConsole(executor: DbExecutor, filter: { status?: WithdrawalStatus; member?: string; limit: number; offset: number }) {
  // Members through the accounts module's published view (0046), never its table.
  let query = executor.selectFrom('payments_withdrawal as w').innerJoin('accounts_v_member as m', 'm.id', 'w.member_id');
  if (filter.status) query = query.where('w.status', '=', filter.status);
  if (filter.member) query = query.where('m.account', '=', filter.member);
  const [rows, total] = await Promise.all([
    query.selectAll('w').select('m.account').orderBy('w.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Whether the member has a withdrawal that was not refused or failed (the KYC rule's "first withdrawal"). */
export async function hasEarlierWithdrawal(executor: DbExecutor, memberId: bigint): Promise<boolean> {
  const row = await executor.selectFrom('payments_withdrawal').select('id').where('member_id', '=', memberId).where('status', 'not in', ['rejected', 'failed']).limit(1).executeTakeFirst();
  return row !== undefined;
}
