import { sql, type Selectable } from 'kysely';
import type { DepositStatus } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import type { DepositHoldReason, PaymentsDepositTable } from './payments.tables.ts';

/**
 * The deposits' SQL (payments_deposit, and the sandbox PSP's charge its location route reads):
 * each function takes the executor (the caller's transaction or the pool) first and holds no rule;
 * deposit.service.ts decides, and owns the transaction of each use case.
 */

export type DepositRow = Selectable<PaymentsDepositTable>;

export async function findDepositByRequest(executor: DbExecutor, memberId: bigint, requestId: string) {
  return executor.selectFrom('payments_deposit').selectAll().where('member_id', '=', memberId).where('request_id', '=', requestId).executeTakeFirst();
}

/** The member's charges still pending and not yet past their expiry. */
export async function countOpenCharges(executor: DbExecutor, memberId: bigint): Promise<number> {
  const pending = await executor
    .selectFrom('payments_deposit')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(pending.count);
}

/**
 * Inserts the deposit before the PSP is asked (brCode null: the charge is not confirmed yet);
 * undefined when the member's request id already has one (a concurrent double click).
 */
export async function insertDeposit(
  executor: DbExecutor,
  deposit: { memberId: bigint; requestId: string; amount: bigint; provider: string; txid: string; brCode: string | null; expiresAt: Date },
) {
  return executor
    .insertInto('payments_deposit')
    .values({ member_id: deposit.memberId, request_id: deposit.requestId, amount: deposit.amount, provider: deposit.provider, txid: deposit.txid, br_code: deposit.brCode, expires_at: deposit.expiresAt })
    .onConflict((conflict) => conflict.columns(['member_id', 'request_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The PSP's answer for a deposit's charge: its code and expiry. Undefined when another call recorded it first. */
export async function recordCharge(executor: DbExecutor, id: bigint, charge: { brCode: string; expiresAt: Date }) {
  return executor
    .updateTable('payments_deposit')
    .set({ br_code: charge.brCode, expires_at: charge.expiresAt })
    .where('id', '=', id)
    .where('br_code', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A deposit whose charge the PSP never created: failed, nothing to pay. Undefined when it was no longer such. */
export async function failUncreatedDeposit(executor: DbExecutor, id: bigint) {
  return executor.updateTable('payments_deposit').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'pending').where('br_code', 'is', null).returning('id').executeTakeFirst();
}

/** Whose charge a provider's txid is, without a lock. */
export async function findDepositOwner(executor: DbExecutor, provider: string, txid: string) {
  return executor.selectFrom('payments_deposit').select('member_id').where('provider', '=', provider).where('txid', '=', txid).executeTakeFirst();
}

/** The charge a provider's txid names, locked for the rest of the transaction. */
export async function lockDepositByTxid(executor: DbExecutor, provider: string, txid: string) {
  return executor.selectFrom('payments_deposit').selectAll().where('provider', '=', provider).where('txid', '=', txid).forUpdate().executeTakeFirst();
}

/** Records the provider's payment: `credited` (credited now) or `held` for an operator, with why. */
export async function markDepositPaid(
  executor: DbExecutor,
  id: bigint,
  paid: { status: 'credited' | 'held'; holdReason: DepositHoldReason | null; paidAt: Date; paidAmount: bigint; endToEndId: string; payerCpf: string | null; late: boolean },
) {
  await executor
    .updateTable('payments_deposit')
    .set({
      status: paid.status,
      hold_reason: paid.holdReason,
      paid_at: paid.paidAt,
      paid_amount: paid.paidAmount,
      end_to_end_id: paid.endToEndId,
      payer_cpf: paid.payerCpf,
      paid_late: paid.late,
      credited_at: paid.status === 'credited' ? sql<Date>`now()` : null,
    })
    .where('id', '=', id)
    .execute();
}

/** The deposit, locked for the rest of the transaction. */
export async function lockDeposit(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('payments_deposit').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** An operator's decision on a held deposit: `credited` (credited now) or `refunded`, with who, when and why. */
export async function markDepositReviewed(executor: DbExecutor, id: bigint, review: { status: 'credited' | 'refunded'; operatorId: bigint; note: string }) {
  return executor
    .updateTable('payments_deposit')
    .set({ status: review.status, credited_at: review.status === 'credited' ? sql<Date>`now()` : null, reviewed_by: review.operatorId, reviewed_at: sql<Date>`now()`, review_note: review.note })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A payment from another CPF that the provider returned: held → refunded, with no operator.
 * Undefined when it was no longer held (an operator's refund, or a concurrent return, came first).
 */
export async function markDepositReturned(executor: DbExecutor, id: bigint, note: string) {
  return executor
    .updateTable('payments_deposit')
    .set({ status: 'refunded', reviewed_at: sql<Date>`now()`, review_note: note })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .where('hold_reason', '=', 'other_payer')
    .returningAll()
    .executeTakeFirst();
}

/** Payments from another CPF still held (their automatic return was refused or unanswered), oldest first, at most 100. */
export async function listUnreturnedOtherPayerDeposits(executor: DbExecutor) {
  return executor.selectFrom('payments_deposit').select('id').where('status', '=', 'held').where('hold_reason', '=', 'other_payer').orderBy('id').limit(100).execute();
}

/** A refund the provider refused: the deposit claimed as `refunded` goes back on hold, the review undone. */
export async function reopenRefundedDeposit(executor: DbExecutor, id: bigint) {
  await executor.updateTable('payments_deposit').set({ status: 'held', reviewed_by: null, reviewed_at: null, review_note: null }).where('id', '=', id).where('status', '=', 'refunded').execute();
}

export async function findMemberDeposit(executor: DbExecutor, memberId: bigint, depositId: bigint) {
  return executor.selectFrom('payments_deposit').selectAll().where('id', '=', depositId).where('member_id', '=', memberId).executeTakeFirst();
}

/** The member's deposits, newest first, and how many there are. */
export async function listMemberDeposits(executor: DbExecutor, memberId: bigint, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    executor.selectFrom('payments_deposit').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    executor.selectFrom('payments_deposit').select((eb) => eb.fn.countAll<string>().as('count')).where('member_id', '=', memberId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Pending charges created before `createdBefore`, soonest expiry first, at most 200: the reconciliation's batch. */
export async function listPendingDepositsCreatedBefore(executor: DbExecutor, createdBefore: Date) {
  return executor
    .selectFrom('payments_deposit')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', sql<Date>`${createdBefore}`)
    .orderBy('expires_at')
    .limit(200)
    .execute();
}

/** Marks a still-pending charge expired; undefined when it was no longer pending. */
export async function expireDeposit(executor: DbExecutor, id: bigint) {
  return executor.updateTable('payments_deposit').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'pending').returning('id').executeTakeFirst();
}
/** The console's deposit list (newest first) with the member's account and CPF, and the total. */
export async function listDepositsForConsole(executor: DbExecutor, filter: { status?: DepositStatus; member?: string; limit: number; offset: number }) {
  // Members through the accounts module's published views (0046, 0052), never its table.
  let query = executor
    .selectFrom('payments_deposit as d')
    .innerJoin('accounts_v_member as m', 'm.id', 'd.member_id')
    .innerJoin('accounts_v_member_cpf as mc', 'mc.id', 'd.member_id');
  if (filter.status) query = query.where('d.status', '=', filter.status);
  if (filter.member) query = query.where('m.account', '=', filter.member);
  const [rows, total] = await Promise.all([
    query.select(['d.id', 'm.account', 'mc.cpf', 'd.amount', 'd.status', 'd.txid', 'd.created_at', 'd.paid_at', 'd.paid_late', 'd.payer_cpf', 'd.credited_at', 'd.paid_amount', 'd.hold_reason']).orderBy('d.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** The sandbox PSP's charge at its location (the sandbox's books, read by /sandbox-pix/cob/:txid). */
export async function findSandboxCharge(executor: DbExecutor, txid: string) {
  return executor.selectFrom('payments_sandbox_charge').selectAll().where('txid', '=', txid).executeTakeFirst();
}
