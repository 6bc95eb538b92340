import { randomBytes } from 'node:crypto';
import type { CreateDeposit, DepositOptions } from '@app/contracts';
import { AppError, parseCents } from '@app/kernel';
import { isDatabaseUnavailable, type Db, type DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { HOUSE, type WalletApi } from '../wallet/index.ts';
import {
  countOpenCharges,
  expireDeposit,
  findDepositByRequest,
  findDepositOwner,
  findMemberDeposit,
  insertDeposit,
  listMemberDeposits,
  listPendingDepositsCreatedBefore,
  lockDeposit,
  lockDepositByTxid,
  markDepositPaid,
  markDepositReturned,
  markDepositReviewed,
  listUnreturnedOtherPayerDeposits,
  recordCharge,
  failUncreatedDeposit,
  reopenRefundedDeposit,
  type DepositRow,
} from './deposit.repository.ts';
import type { DepositHoldReason } from './payments.tables.ts';
import { assertAgeVerified, type PaymentsDeps } from './payments.deps.ts';
import { qrSvg } from './pix/index.ts';
import type { ChargeState } from './providers/payment-provider.ts';

export type { DepositRow } from './deposit.repository.ts';

/** Deposits: a PIX charge per intent, credited exactly once when the provider says it was paid. */
export function createDepositService(deps: PaymentsDeps & { db: Db; bus: EventBus; logger: Logger; wallet: WalletApi }) {
  const { provider } = deps;

  async function options(): Promise<DepositOptions> {
    const settings = (await deps.settings()).deposit;
    return { presets: settings.presets, min: settings.min, max: settings.max, expiresInSeconds: settings.expiresInMinutes * 60, sandbox: deps.sandbox !== undefined };
  }

  async function create(memberId: bigint, input: CreateDeposit): Promise<{ deposit: DepositRow; created: boolean }> {
    const existing = await findDepositByRequest(deps.db, memberId, input.requestId);
    const amount = parseCents(input.amount)!;
    if (existing) {
      if (existing.amount !== amount) throw new AppError('payments.request_conflict', 'request id already used for another amount');
      // A retry of a request whose charge the PSP had not confirmed asks for the same txid again.
      return { deposit: await withCharge(existing), created: false };
    }
    const settings = (await deps.settings()).deposit;
    if (amount < parseCents(settings.min)!) throw new AppError('payments.amount_below_min', 'amount below the minimum', { min: settings.min });
    if (amount > parseCents(settings.max)!) throw new AppError('payments.amount_above_max', 'amount above the maximum', { max: settings.max });
    const identity = await deps.identityOf(memberId);
    // PIX only from the member's own account (brazil-compliance §2.4): we must know whose it is.
    if (!identity?.cpf || !identity.payeeName) throw new AppError('payments.profile_incomplete', 'name and CPF are required to deposit');
    assertAgeVerified(identity);
    await deps.depositGate?.(memberId, amount);
    if ((await countOpenCharges(deps.db, memberId)) >= settings.maxPending) throw new AppError('payments.too_many_pending', 'too many open charges');

    // Written before the PSP is asked: a timeout leaves a deposit that a retry or the
    // reconciliation job completes (the PSP's charge read back by our txid) or closes.
    const expiresAt = new Date(Date.now() + settings.expiresInMinutes * 60_000);
    const inserted = await insertDeposit(deps.db, { memberId, requestId: input.requestId, amount, provider: provider.code, txid: newTxid(), brCode: null, expiresAt });
    // A concurrent double click lost the race: answer what the winner created (its charge stands).
    if (!inserted) return { deposit: await withCharge((await findDepositByRequest(deps.db, memberId, input.requestId))!), created: false };
    return { deposit: await withCharge(inserted), created: true };
  }

  /**
   * The deposit with its PSP charge: asks the PSP (PUT on our txid, so asking twice makes one
   * charge) while a pending deposit has no answer yet. A deposit closed without a charge (failed)
   * is answered as it is.
   */
  async function withCharge(deposit: DepositRow): Promise<DepositRow> {
    if (deposit.br_code !== null || deposit.status !== 'pending') return deposit;
    const identity = await deps.identityOf(deposit.member_id);
    if (!identity?.cpf || !identity.payeeName) throw new AppError('payments.profile_incomplete', 'name and CPF are required to deposit');
    let charge;
    try {
      charge = await provider.createCharge({
        txid: deposit.txid,
        amount: deposit.amount,
        expiresInSeconds: Math.max(60, Math.round((deposit.expires_at.getTime() - Date.now()) / 1000)),
        payer: { cpf: identity.cpf, name: identity.payeeName },
        description: `Depósito ${identity.account}`,
      });
    } catch (error) {
      // Our own database gone (the sandbox PSP keeps its charges there): the error handler's
      // retryable 503, not the PSP's 502. The deposit row waits for the retry either way.
      if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
      deps.logger.warn({ err: error, txid: deposit.txid }, 'provider refused or did not answer createCharge; the deposit waits for a retry or the reconciliation job');
      throw new AppError('payments.provider_unavailable', 'payment provider unavailable');
    }
    const recorded = await recordCharge(deps.db, deposit.id, { brCode: charge.brCode, expiresAt: charge.expiresAt });
    return recorded ?? (await findMemberDeposit(deps.db, deposit.member_id, deposit.id))!;
  }

  /**
   * The provider says the charge was paid (webhook, or the reconciliation poll). One transaction:
   * lock the deposit, record the payment, credit through the ledger under key `deposit:<id>` —
   * so a replayed or reordered notice finds it already done and changes nothing.
   */
  async function settlePaid(paid: { txid: string; amount: bigint; endToEndId: string; payerCpf?: string; paidAt: Date }): Promise<'credited' | 'held' | 'returned' | 'already' | 'unknown' | 'duplicate'> {
    try {
      return await settlePaidOnce(paid);
    } catch (error) {
      // One PIX payment (its end-to-end id) settles one charge: a notice naming a payment already
      // settled against another charge is a provider fault. Recorded with the event, no effect.
      if ((error as { constraint?: string }).constraint !== 'payments_deposit_e2e_key') throw error;
      deps.logger.error({ txid: paid.txid, endToEndId: paid.endToEndId }, 'payment notice reuses an end-to-end id already settled: ignored');
      return 'duplicate';
    }
  }

  async function settlePaidOnce(paid: { txid: string; amount: bigint; endToEndId: string; payerCpf?: string; paidAt: Date }): Promise<'credited' | 'held' | 'returned' | 'already' | 'unknown'> {
    // Whose it is, read before the transaction: a second pooled connection inside it could starve the pool.
    const owner = await findDepositOwner(deps.db, provider.code, paid.txid);
    const identity = owner ? await deps.identityOf(owner.member_id) : undefined;
    const outcome = await deps.db.transaction().execute(async (tx) => {
      const deposit = await lockDepositByTxid(tx, provider.code, paid.txid);
      if (!deposit) return { result: 'unknown' as const };
      if (deposit.status !== 'pending' && deposit.status !== 'expired') return { result: 'already' as const, deposit };
      const holdReason = holdReasonOf(deposit, paid, identity?.cpf);
      const late = deposit.status === 'expired';
      await markDepositPaid(tx, deposit.id, { status: holdReason ? 'held' : 'credited', holdReason, paidAt: paid.paidAt, paidAmount: paid.amount, endToEndId: paid.endToEndId, payerCpf: paid.payerCpf ?? null, late });
      // Credited only when the paid amount is the charge's, so the amount is never the notice's word alone.
      if (!holdReason) await credit(tx, deposit, deposit.amount);
      await publishChange(tx, deposit.member_id, deposit.id, holdReason ? 'held' : 'credited');
      return { result: holdReason ? ('held' as const) : ('credited' as const), deposit, holdReason };
    });
    // Another CPF paid (brazil-compliance §2.4): returned to the payer at once, never credited.
    // Only the notice that recorded the payment gets here (replays and concurrent notices find it
    // no longer pending and answer 'already'); a refused return is tried again by the job.
    if (outcome.result === 'held' && outcome.holdReason === 'other_payer') {
      return (await returnToPayer(outcome.deposit!.id)) ? 'returned' : 'held';
    }
    if (outcome.result === 'held') {
      deps.logger.warn({ depositId: outcome.deposit?.id.toString(), holdReason: outcome.holdReason, charged: outcome.deposit?.amount.toString(), paid: paid.amount.toString() }, 'paid deposit held for review');
    }
    return outcome.result;
  }

  /**
   * Why a payment is not credited now, or null to credit it. Another CPF's payment is returned
   * to its payer (PIX only from the member's own account: returnToPayer, called once the payment
   * is recorded as held); a paid amount that differs from the charge, either way, is held for an
   * operator (docs/payments.md): a dynamic BR Code fixes the amount, so a difference is a
   * provider fault or a forged notice, and crediting the charge alone would hide it.
   * The amount is checked first: a payment that is wrong both ways waits for an operator.
   */
  function holdReasonOf(deposit: DepositRow, paid: { amount: bigint; payerCpf?: string }, memberCpf: string | null | undefined): DepositHoldReason | null {
    if (paid.amount !== deposit.amount) return 'amount_mismatch';
    if (paid.payerCpf !== undefined && paid.payerCpf !== memberCpf) return 'other_payer';
    return null;
  }

  /**
   * Returns a payment made from another CPF to its payer through the provider's devolução (the
   * same call an operator's refund makes), then records the deposit as refunded and tells the
   * member, once: the provider's return is idempotent per payment (sandbox: the charge is marked
   * refunded; BCB: one devolução id per attempt, a done one is found again), and only the update
   * from 'held' to 'refunded' that wins sends the message. The provider is called outside any
   * transaction (see decideHeld). A refused or unanswered return leaves the deposit held and is
   * tried again by the reconciliation job. True when the deposit is now refunded.
   */
  async function returnToPayer(id: bigint): Promise<boolean> {
    const deposit = (await deps.db.selectFrom('payments_deposit').selectAll().where('id', '=', id).executeTakeFirst())!;
    if (deposit.status !== 'held' || deposit.hold_reason !== 'other_payer' || !deposit.paid_amount || !deposit.end_to_end_id) return deposit.status === 'refunded';
    try {
      await provider.refundCharge({ txid: deposit.txid, endToEndId: deposit.end_to_end_id, amount: deposit.paid_amount });
    } catch (error) {
      deps.logger.warn({ err: error, depositId: id.toString() }, 'payment from another CPF not returned yet; the reconciliation job tries again');
      return false;
    }
    await deps.db.transaction().execute(async (tx) => {
      const returned = await markDepositReturned(tx, id, 'Pagamento de outro CPF devolvido automaticamente ao pagador');
      if (!returned) return;
      await publishChange(tx, returned.member_id, returned.id, 'refunded');
      await deps.onDepositReturned?.(tx, { depositId: returned.id, memberId: returned.member_id, amount: returned.paid_amount!, reason: 'other_payer' });
    });
    deps.logger.info({ depositId: id.toString() }, 'payment from another CPF returned to the payer');
    return true;
  }

  async function credit(tx: DbExecutor, deposit: DepositRow, amount: bigint) {
    await deps.wallet.postOrThrow(tx, {
      key: `deposit:${deposit.id}`,
      type: 'deposit',
      reference: `PIX ${deposit.txid}`,
      legs: [
        { member: deposit.member_id, amount },
        { house: HOUSE.paymentsClearing, amount: -amount },
      ],
    });
    await deps.onDepositCredited?.(tx, { depositId: deposit.id, memberId: deposit.member_id, amount });
  }

  async function publishChange(tx: DbExecutor, memberId: bigint, id: bigint, status: string) {
    await deps.bus.publish(tx, { type: 'payments.deposit_changed', audience: { kind: 'member', memberId: memberId.toString() }, data: { id: id.toString(), status } });
  }

  /**
   * An operator decides a held deposit (another CPF paid it, or the paid amount differs from the
   * charge): credit the amount the provider reported as paid (the payer was shown to be the
   * member, the provider's statement confirms the amount) or return it to the payer through the
   * provider. Audited in the transaction that completes the decision.
   */
  async function decideHeld(id: bigint, decision: 'credit' | 'refund', operatorId: bigint, note: string, audit: (tx: DbExecutor, row: DepositRow) => Promise<void>) {
    const status = decision === 'credit' ? ('credited' as const) : ('refunded' as const);
    // The row lock makes a double click decide once; the decision is claimed in the same update.
    const claim = async (tx: DbExecutor) => {
      const deposit = await lockDeposit(tx, id);
      if (!deposit) throw new AppError('payments.deposit_not_found', 'no such deposit');
      if (deposit.status !== 'held' || !deposit.paid_amount || !deposit.end_to_end_id) throw new AppError('payments.deposit_not_held', 'not held for review');
      // Another CPF's payment is only ever returned (its automatic return was refused by the provider).
      if (decision === 'credit' && deposit.hold_reason === 'other_payer') throw new AppError('payments.deposit_other_payer', 'a payment from another CPF can only be returned');
      return markDepositReviewed(tx, id, { status, operatorId, note });
    };
    if (decision === 'credit') {
      return deps.db.transaction().execute(async (tx) => {
        const updated = await claim(tx);
        await credit(tx, updated, updated.paid_amount!);
        await publishChange(tx, updated.member_id, updated.id, status);
        await audit(tx, updated);
        return updated;
      });
    }
    // A refund calls the provider outside any transaction (a transaction held across it kept a
    // pooled connection, and the sandbox PSP's own books needed a second one): the claim as
    // 'refunded' keeps a credit from racing it, and a refused refund puts the deposit back on hold.
    const claimed = await deps.db.transaction().execute(claim);
    try {
      await provider.refundCharge({ txid: claimed.txid, endToEndId: claimed.end_to_end_id!, amount: claimed.paid_amount! });
    } catch (error) {
      await reopenRefundedDeposit(deps.db, id);
      throw error;
    }
    return deps.db.transaction().execute(async (tx) => {
      await publishChange(tx, claimed.member_id, claimed.id, status);
      if (claimed.hold_reason === 'other_payer') await deps.onDepositReturned?.(tx, { depositId: claimed.id, memberId: claimed.member_id, amount: claimed.paid_amount!, reason: 'other_payer' });
      await audit(tx, claimed);
      return claimed;
    });
  }

  /** Sandbox only: the member's own bank (or, for tests, someone else's CPF) pays the charge. */
  async function sandboxPay(memberId: bigint, depositId: bigint, payerCpf?: string) {
    if (!deps.sandbox) throw new AppError('payments.sandbox_only', 'not a sandbox installation');
    const deposit = await findOwn(memberId, depositId);
    const identity = await deps.identityOf(memberId);
    return deps.sandbox.payCharge(deposit.txid, { cpf: payerCpf ?? identity?.cpf ?? '00000000191' });
  }

  async function findOwn(memberId: bigint, depositId: bigint): Promise<DepositRow> {
    const deposit = await findMemberDeposit(deps.db, memberId, depositId);
    if (!deposit) throw new AppError('payments.deposit_not_found', 'no such deposit');
    return deposit;
  }

  /** The member's deposit with its charge, for the detail screen (asks the PSP if it has not answered yet). */
  async function findOwnCharged(memberId: bigint, depositId: bigint): Promise<DepositRow> {
    return withCharge(await findOwn(memberId, depositId));
  }

  async function list(memberId: bigint, page: { pageNo: number; pageSize: number }) {
    return listMemberDeposits(deps.db, memberId, { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize });
  }

  /**
   * Job: pending deposits are asked about once more (a missed webhook is caught here). A charge
   * the PSP has not confirmed is read back by our txid: recorded if the PSP has it, failed if it
   * does not; a PSP that does not answer is asked again next run. Unpaid charges past their
   * expiry are marked expired; a payment that arrives later still credits.
   */
  async function reconcile(now = new Date()): Promise<{ expired: number; credited: number; recovered: number; failed: number; returned: number }> {
    const open = await listPendingDepositsCreatedBefore(deps.db, new Date(now.getTime() - 60_000));
    const totals = { expired: 0, credited: 0, recovered: 0, failed: 0, returned: 0 };
    // Payments from another CPF whose return the provider refused or did not answer: asked again.
    for (const held of await listUnreturnedOtherPayerDeposits(deps.db)) {
      if (await returnToPayer(held.id)) totals.returned += 1;
    }
    for (const deposit of open) {
      let state: ChargeState | undefined;
      try {
        state = await provider.getCharge(deposit.txid);
      } catch (error) {
        deps.logger.warn({ err: error, txid: deposit.txid }, 'provider did not answer getCharge; asking again next run');
        continue;
      }
      if (deposit.br_code === null) {
        if (!state) {
          if (await closeUncreated(deposit)) totals.failed += 1;
          continue;
        }
        if (state.brCode && state.expiresAt && (await recordCharge(deps.db, deposit.id, { brCode: state.brCode, expiresAt: state.expiresAt }))) totals.recovered += 1;
      }
      if (state?.status === 'paid' && state.endToEndId && state.paidAmount) {
        const result = await settlePaid({ txid: deposit.txid, amount: state.paidAmount, endToEndId: state.endToEndId, payerCpf: state.payerCpf, paidAt: state.paidAt ?? now });
        if (result === 'credited') totals.credited += 1;
      } else if (deposit.expires_at.getTime() <= now.getTime() && (await closeExpired(deposit))) {
        totals.expired += 1;
      }
    }
    return totals;
  }

  async function closeExpired(deposit: DepositRow): Promise<boolean> {
    return deps.db.transaction().execute(async (tx) => {
      const row = await expireDeposit(tx, deposit.id);
      if (row) await publishChange(tx, deposit.member_id, deposit.id, 'expired');
      return row !== undefined;
    });
  }

  async function closeUncreated(deposit: DepositRow): Promise<boolean> {
    return deps.db.transaction().execute(async (tx) => {
      const row = await failUncreatedDeposit(tx, deposit.id);
      if (row) await publishChange(tx, deposit.member_id, deposit.id, 'failed');
      return row !== undefined;
    });
  }

  return { options, create, settlePaid, decideHeld, sandboxPay, findOwn, findOwnCharged, list, reconcile, qrOf: (deposit: DepositRow) => (deposit.br_code === null ? null : qrDataUrl(deposit.br_code)) };
}

export type DepositService = ReturnType<typeof createDepositService>;

/** BCB TxId: 26–35 alphanumerics. 32 hex characters from node:crypto (128 random bits). */
function newTxid(): string {
  return randomBytes(16).toString('hex');
}

function qrDataUrl(brCode: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(qrSvg(brCode)).toString('base64')}`;
}
