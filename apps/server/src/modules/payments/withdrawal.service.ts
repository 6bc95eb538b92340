import type { ConfirmReceipt, CreateWithdrawal, SavePayoutAccount, WithdrawOptions, WithdrawalStatus } from '@app/contracts';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { type WalletApi } from '../wallet/index.ts';
import { assertAgeVerified, type PaymentsDeps } from './payments.deps.ts';
import type { PayoutDestination } from './payments.tables.ts';
import { destinationFromRow, destinationOf, displayOf, payoutAccountView, rowOf } from './payout-account.ts';
import { holdJournal, payoutJournal, releaseJournal } from './withdrawal-journals.ts';
import {
  findMemberWithdrawal,
  findPayoutAccount,
  findWithdrawal,
  findWithdrawalByRequest,
  findWithdrawalStatus,
  hasEarlierWithdrawal,
  insertPayoutAccountLog,
  insertWithdrawal,
  listDueWithdrawals,
  listMemberWithdrawals,
  lockPayoutAccount,
  lockWithdrawal,
  markReceiptsAutoReceived,
  markWithdrawalApproved,
  markWithdrawalFailed,
  markWithdrawalPaid,
  markWithdrawalPaying,
  markWithdrawalRejected,
  postponeWithdrawalPoll,
  recordWithdrawalReceipt,
  requestedToday,
  saveWithdrawalProof,
  scheduleWithdrawalRetry,
  upsertPayoutAccount,
  type WithdrawalRow,
} from './withdrawal.repository.ts';

export type { WithdrawalRow } from './withdrawal.repository.ts';

/** Retry delays for a payout the provider did not answer (timeouts, 5xx): never a second payout, the id is the key. */
const RETRY_DELAYS_S = [30, 60, 120, 300, 600];

/**
 * Withdrawals: funds held in the ledger on request, reviewed (or auto-approved under the
 * threshold), paid out through the provider with our withdrawal id as its idempotency key,
 * released on rejection or failure, then confirmed by the member (spec §4).
 */
export function createWithdrawalService(deps: PaymentsDeps & { db: Db; bus: EventBus; logger: Logger; wallet: WalletApi; turnoverRemaining?: (memberId: bigint) => Promise<bigint> }) {
  const { provider } = deps;
  const turnoverOf = deps.turnoverRemaining ?? (async () => 0n);

  /** The member's daily limit (centavos) and the site's time zone; null when no limit applies. */
  async function dailyLimitOf(memberId: bigint): Promise<{ limit: bigint; timeZone: string } | null> {
    if (!deps.dailyLimit) return null;
    const limit = await deps.dailyLimit.limitOf(memberId);
    return limit === null ? null : { limit, timeZone: await deps.dailyLimit.timeZone() };
  }

  async function dailyLimitView(memberId: bigint): Promise<WithdrawOptions['dailyLimit']> {
    const daily = await dailyLimitOf(memberId);
    if (!daily) return null;
    const requested = await requestedToday(deps.db, memberId, daily.timeZone);
    return { limit: formatCents(daily.limit), remaining: formatCents(requested >= daily.limit ? 0n : daily.limit - requested) };
  }

  async function options(memberId: bigint): Promise<WithdrawOptions> {
    const [settings, identity, account, cash, turnover, openBonus, dailyLimit] = await Promise.all([
      deps.settings(),
      deps.identityOf(memberId),
      findPayoutAccount(deps.db, memberId),
      deps.wallet.cashOf(memberId),
      turnoverOf(memberId),
      deps.bonus?.openWagering(memberId) ?? null,
      dailyLimitView(memberId),
    ]);
    return {
      dailyLimit,
      min: settings.withdrawal.min,
      max: settings.withdrawal.max,
      available: formatCents(turnover > 0n ? 0n : cash),
      turnoverRemaining: formatCents(turnover),
      payoutAccount: account ? payoutAccountView(account) : null,
      hasPaymentPassword: identity?.hasPaymentPassword ?? false,
      profileComplete: Boolean(identity?.cpf && identity.payeeName),
      openBonus: openBonus && { grants: openBonus.grants, bonus: formatCents(openBonus.bonus), wageringRemaining: formatCents(openBonus.wageringRemaining) },
    };
  }

  async function savePayoutAccount(memberId: bigint, input: SavePayoutAccount, ip: string | null) {
    const identity = await deps.identityOf(memberId);
    if (!identity?.cpf || !identity.payeeName) throw new AppError('payments.profile_incomplete', 'name and CPF are required');
    const destination = destinationOf(input.account, { name: identity.payeeName, cpf: identity.cpf });
    if (!(await deps.checkLoginPassword(memberId, input.password))) throw new AppError('payments.password_invalid', 'wrong password');
    const row = rowOf(memberId, destination);
    return deps.db.transaction().execute(async (tx) => {
      const saved = await upsertPayoutAccount(tx, row);
      await insertPayoutAccountLog(tx, { memberId, account: destination, ip });
      return payoutAccountView(saved);
    });
  }

  async function create(memberId: bigint, input: CreateWithdrawal): Promise<WithdrawalRow> {
    const amount = parseCents(input.amount)!;
    const existing = await findWithdrawalByRequest(deps.db, memberId, input.requestId);
    if (existing) {
      if (existing.amount !== amount) throw new AppError('payments.request_conflict', 'request id already used for another amount');
      return existing;
    }
    const settings = (await deps.settings()).withdrawal;
    if (amount < parseCents(settings.min)!) throw new AppError('payments.amount_below_min', 'amount below the minimum', { min: settings.min });
    if (amount > parseCents(settings.max)!) throw new AppError('payments.amount_above_max', 'amount above the maximum', { max: settings.max });
    const account = await findPayoutAccount(deps.db, memberId);
    if (!account) throw new AppError('payments.payout_account_missing', 'no payout account');
    const identity = await deps.identityOf(memberId);
    // The account must still be the member's own: a later CPF or name change makes it stale.
    if (!identity?.cpf || identity.cpf !== account.holder_cpf) throw new AppError('payments.profile_incomplete', 'payout account does not match the member');
    assertAgeVerified(identity);
    // The identity check (KYC): the first withdrawal and large ones need a verified member.
    if (deps.withdrawalGate) await deps.withdrawalGate(memberId, { amount, first: !(await hasEarlierWithdrawal(deps.db, memberId)) });
    const turnover = await turnoverOf(memberId);
    if (turnover > 0n) throw new AppError('payments.turnover_required', 'wagering still required', { remaining: formatCents(turnover) });
    // Bonus under wagering is forfeited by a withdrawal request: only once the member said yes.
    const openBonus = await deps.bonus?.openWagering(memberId);
    if (openBonus && input.forfeitBonus !== true) {
      throw new AppError('bonus.forfeit_confirmation_required', 'withdrawing forfeits the open bonus; confirm with forfeitBonus', {
        grants: openBonus.grants,
        bonus: formatCents(openBonus.bonus),
        wageringRemaining: formatCents(openBonus.wageringRemaining),
      });
    }
    const pin = await deps.checkPaymentPassword(memberId, input.paymentPassword);
    if (pin === 'missing') throw new AppError('wallet.payment_password_missing', 'set a payment password first');
    if (pin === 'wrong') throw new AppError('wallet.payment_password_invalid', 'wrong payment password');

    const destination = destinationFromRow(account);
    const autoApproved = amount <= parseCents(settings.autoApproveUpTo)!;
    const daily = await dailyLimitOf(memberId);
    const created = await deps.db.transaction().execute(async (tx) => {
      if (daily) {
        // One request of the member at a time from here to the commit: the second of two
        // concurrent requests waits for the lock, then counts the first.
        await lockPayoutAccount(tx, memberId);
        // A concurrent double click: the first request stands (answered below), nothing refused.
        if (await findWithdrawalByRequest(tx, memberId, input.requestId)) return undefined;
        const requested = await requestedToday(tx, memberId, daily.timeZone);
        if (requested + amount > daily.limit) {
          const remaining = requested >= daily.limit ? 0n : daily.limit - requested;
          throw new AppError('payments.vip_daily_limit', 'above the daily withdrawal limit of the VIP level', { limit: formatCents(daily.limit), remaining: formatCents(remaining) });
        }
      }
      const inserted = await insertWithdrawal(tx, {
        memberId,
        requestId: input.requestId,
        amount,
        status: autoApproved ? 'approved' : 'reviewing',
        autoApproved,
        destination,
        destinationDisplay: displayOf(destination),
        provider: provider.code,
        payNow: autoApproved,
      });
      if (!inserted) return undefined;
      // Funds held in the same transaction: insufficient cash refuses the whole request.
      await deps.wallet.postOrThrow(tx, holdJournal(inserted));
      // The forfeit commits with the request (a refused request forfeits nothing); a replay inserts nothing.
      if (input.forfeitBonus === true) await deps.bonus?.forfeitOpen(tx, memberId);
      await publishChange(tx, inserted);
      return inserted;
    });
    // A concurrent double click lost the race: the first request stands, one hold only.
    if (!created) return (await findWithdrawalByRequest(deps.db, memberId, input.requestId))!;
    if (autoApproved) void sendPayout(created.id).catch((error: unknown) => deps.logger.warn({ err: error }, 'immediate payout attempt failed; the job retries'));
    return created;
  }

  async function publishChange(tx: DbExecutor, row: { id: bigint; member_id: bigint; status: WithdrawalStatus }) {
    await deps.bus.publish(tx, { type: 'payments.withdrawal_changed', audience: { kind: 'member', memberId: row.member_id.toString() }, data: { id: row.id.toString(), status: row.status } });
  }

  /**
   * Moves a withdrawal from one state to the next under a row lock (`change`: the repository's
   * update of that step); undefined when it was not in `from`.
   */
  async function transition(tx: DbExecutor, id: bigint, from: readonly WithdrawalStatus[], change: (tx: DbExecutor) => Promise<WithdrawalRow>) {
    const row = await lockWithdrawal(tx, id);
    if (!row || !from.includes(row.status)) return undefined;
    const updated = await change(tx);
    await publishChange(tx, updated);
    return updated;
  }

  async function approve(id: bigint, operatorId: bigint, audit: (tx: DbExecutor, row: WithdrawalRow) => Promise<void>) {
    const approved = await deps.db.transaction().execute(async (tx) => {
      const row = await transition(tx, id, ['reviewing'], (locked) => markWithdrawalApproved(locked, id, operatorId));
      if (!row) throw new AppError('payments.withdrawal_not_reviewable', 'not awaiting review');
      await audit(tx, row);
      return row;
    });
    await sendPayout(approved.id).catch((error: unknown) => deps.logger.warn({ err: error }, 'payout attempt after approval failed; the job retries'));
    return findById(approved.id);
  }

  async function reject(id: bigint, operatorId: bigint, reason: string, audit: (tx: DbExecutor, row: WithdrawalRow) => Promise<void>) {
    return deps.db.transaction().execute(async (tx) => {
      const row = await transition(tx, id, ['reviewing'], (locked) => markWithdrawalRejected(locked, id, operatorId, reason));
      if (!row) throw new AppError('payments.withdrawal_not_reviewable', 'not awaiting review');
      await deps.wallet.postOrThrow(tx, releaseJournal(row, 'rejected'));
      await audit(tx, row);
      return row;
    });
  }

  /**
   * Sends (or re-sends) the payout. The provider call happens outside any transaction; the
   * withdrawal id is the provider's idempotency key, so a retry after a timeout finds the first
   * payout instead of making a second one.
   */
  async function sendPayout(id: bigint): Promise<void> {
    const row = await findById(id);
    if (!row || row.status !== 'approved') return;
    try {
      // After an attempt that got no answer the PSP may have the payout already: ask it first
      // (the id is its idempotency key either way, but the PSP's word is the record).
      const known = row.attempts > 0 ? await provider.getPayout(payoutIdOf(row)) : undefined;
      const state = known ?? (await provider.createPayout({ payoutId: payoutIdOf(row), amount: row.amount, destination: row.destination as PayoutDestination }));
      if (state.status === 'paid') await settlePayout(payoutIdOf(row), { status: 'paid' });
      else if (state.status === 'failed') await settlePayout(payoutIdOf(row), { status: 'failed', reason: state.failureReason ?? 'refused' });
      else {
        await deps.db.transaction().execute((tx) => transition(tx, id, ['approved'], (locked) => markWithdrawalPaying(locked, id, payoutIdOf(row))));
      }
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = RETRY_DELAYS_S[Math.min(attempts - 1, RETRY_DELAYS_S.length - 1)]!;
      await scheduleWithdrawalRetry(deps.db, id, { attempts, lastError: String((error as Error).message ?? error).slice(0, 500), delaySeconds: delay });
      throw error;
    }
  }

  /** Paid or failed, from a webhook or a poll: one transaction with its ledger journal, once. */
  async function settlePayout(payoutId: string, outcome: { status: 'paid' } | { status: 'failed'; reason: string }): Promise<'settled' | 'already' | 'unknown'> {
    const id = idOfPayout(payoutId);
    if (id === undefined) return 'unknown';
    return deps.db.transaction().execute(async (tx) => {
      const exists = await findWithdrawalStatus(tx, id);
      if (!exists) return 'unknown';
      const row =
        outcome.status === 'paid'
          ? await transition(tx, id, ['approved', 'paying'], (locked) => markWithdrawalPaid(locked, id, payoutId))
          : await transition(tx, id, ['approved', 'paying'], (locked) => markWithdrawalFailed(locked, id, outcome.reason.slice(0, 500)));
      if (!row) return 'already';
      await deps.wallet.postOrThrow(tx, outcome.status === 'paid' ? payoutJournal(row) : releaseJournal(row, 'failed'));
      return 'settled';
    });
  }

  /** Job: payouts due a (re)send, payouts the provider has not reported on, receipts timed out. */
  async function work(): Promise<{ sent: number; polled: number; autoReceived: number }> {
    const due = await listDueWithdrawals(deps.db);
    let sent = 0;
    let polled = 0;
    for (const row of due) {
      if (row.status === 'approved') {
        await sendPayout(row.id).then(
          () => (sent += 1),
          (error: unknown) => deps.logger.warn({ err: error, withdrawalId: row.id.toString() }, 'payout attempt failed; will retry'),
        );
      } else {
        const state = await provider.getPayout(payoutIdOf(row)).catch(() => undefined);
        polled += 1;
        if (state?.status === 'paid') await settlePayout(state.payoutId, { status: 'paid' });
        else if (state?.status === 'failed') await settlePayout(state.payoutId, { status: 'failed', reason: state.failureReason ?? 'refused' });
        else await postponeWithdrawalPoll(deps.db, row.id);
      }
    }
    const timeout = (await deps.settings()).withdrawal.receiptTimeoutMinutes;
    const autoReceived = await markReceiptsAutoReceived(deps.db, timeout);
    return { sent, polled, autoReceived };
  }

  async function confirmReceipt(memberId: bigint, id: bigint, input: ConfirmReceipt) {
    const row = await findOwn(memberId, id);
    if (row.status !== 'paid' || row.receipt !== null) throw new AppError('payments.receipt_not_allowed', 'not awaiting confirmation');
    let received: bigint | null = null;
    if (input.receipt === 'partial') {
      received = parseCents(input.receivedAmount)!;
      if (received >= row.amount) throw new AppError('payments.received_amount_invalid', 'partial must be less than the amount');
    }
    const updated = await recordWithdrawalReceipt(deps.db, id, { receipt: input.receipt, receivedAmount: input.receipt === 'received' ? row.amount : input.receipt === 'not_received' ? 0n : received });
    if (!updated) throw new AppError('payments.receipt_not_allowed', 'already confirmed');
    if (input.receipt !== 'received') deps.logger.warn({ withdrawalId: id.toString(), receipt: input.receipt }, 'member reports a payout not (fully) received');
    return updated;
  }

  async function saveProof(memberId: bigint, id: bigint, type: 'image/png' | 'image/jpeg', bytes: Buffer) {
    const row = await findOwn(memberId, id);
    if (row.status !== 'paid') throw new AppError('payments.receipt_not_allowed', 'only a paid withdrawal takes a proof');
    return saveWithdrawalProof(deps.db, id, { type, bytes });
  }

  async function findOwn(memberId: bigint, id: bigint): Promise<WithdrawalRow> {
    const row = await findMemberWithdrawal(deps.db, memberId, id);
    if (!row) throw new AppError('payments.withdrawal_not_found', 'no such withdrawal');
    return row;
  }

  async function findById(id: bigint) {
    return findWithdrawal(deps.db, id);
  }

  async function list(memberId: bigint, page: { pageNo: number; pageSize: number }) {
    return listMemberWithdrawals(deps.db, memberId, { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize });
  }

  return { options, savePayoutAccount, create, approve, reject, sendPayout, settlePayout, work, confirmReceipt, saveProof, findOwn, findById, list };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

export const payoutIdOf = (row: { id: bigint }) => `wd${row.id}`;
const idOfPayout = (payoutId: string) => (/^wd\d{1,18}$/.test(payoutId) ? BigInt(payoutId.slice(2)) : undefined);
