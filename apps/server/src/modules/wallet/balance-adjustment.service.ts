import { AppError, formatCents } from '@app/kernel';
import type { Adjustment, AdjustmentPage } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import * as repository from './balance-adjustment.repository.ts';
import { HOUSE } from './journal.ts';
import type { WalletService } from './wallet.service.ts';
import * as walletRepository from './wallet.repository.ts';

export interface AdjustmentOperator {
  id: bigint;
  username: string;
  ip: string;
}

export interface BalanceAdjustmentDeps {
  db: Db;
  wallet: Pick<WalletService, 'post'>;
  /** The back office's audit, in the caller's transaction. */
  audit: (executor: DbExecutor, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;
  /** The accounts module's member look-ups. */
  memberRef: (memberId: bigint) => Promise<{ id: bigint; account: string } | undefined>;
  accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
}

/** The ledger journal of an approved request: one per request, whoever approves and however often. */
export const adjustmentJournalKey = (id: bigint) => `adjustment:request:${id}`;

function view(row: repository.AdjustmentRow, account: string): Adjustment {
  return {
    id: row.id.toString(),
    member: { id: row.member_id.toString(), account },
    amount: formatCents(row.amount),
    reason: row.reason,
    status: row.status as Adjustment['status'],
    requestedBy: { id: row.requested_by.toString(), username: row.requested_by_name },
    requestedAt: row.requested_at.toISOString(),
    decidedBy: row.decided_by === null ? null : { id: row.decided_by.toString(), username: row.decided_by_name ?? '' },
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionNote: row.decision_note,
    journalId: row.journal_id?.toString() ?? null,
  };
}

/**
 * Manual balance adjustments with two operators (maker-checker). The maker asks for a signed
 * amount of a member's cash with a reason; a checker who is not the maker approves, which posts
 * an 'adjustment' journal (member cash against the house account `adjustments`) in the same
 * transaction as the request's new status and the audit row, or rejects. Replays are harmless:
 * the maker's Idempotency-Key answers the first request; a second approval is refused as already
 * decided (wallet.adjustment_not_pending, naming the decision) and posts nothing.
 */
export function createBalanceAdjustments(deps: BalanceAdjustmentDeps) {
  const { db } = deps;

  async function accountOf(memberId: bigint): Promise<string> {
    return (await deps.memberRef(memberId))?.account ?? '';
  }

  async function load(tx: DbExecutor, id: bigint) {
    const row = await repository.lockAdjustment(tx, id);
    if (!row) throw new AppError('wallet.adjustment_not_found', 'no such adjustment request');
    return row;
  }

  /** A decided request is never decided again; the answer names the decision so a retry can tell it was its own. */
  function alreadyDecided(row: repository.AdjustmentRow): AppError {
    return new AppError('wallet.adjustment_not_pending', `the request is ${row.status}`, {
      status: row.status,
      decidedBy: row.decided_by_name,
      decidedAt: row.decided_at?.toISOString() ?? null,
      journalId: row.journal_id?.toString() ?? null,
    });
  }

  return {
    async request(operator: AdjustmentOperator, input: { memberId: bigint; amount: bigint; reason: string }, key: string): Promise<{ adjustment: Adjustment; replayed: boolean }> {
      const member = await deps.memberRef(input.memberId);
      if (!member) throw new AppError('wallet.member_not_found', 'no such member');
      return db.transaction().execute(async (tx) => {
        const inserted = await repository.insertAdjustment(tx, { memberId: member.id, amount: input.amount, reason: input.reason, key, operatorId: operator.id, operatorName: operator.username });
        if (!inserted) {
          const first = await repository.findAdjustmentByKey(tx, operator.id, key);
          if (!first || first.member_id !== member.id || first.amount !== input.amount || first.reason !== input.reason) {
            throw new AppError('request.idempotency_conflict', 'this Idempotency-Key was used for a different adjustment');
          }
          return { adjustment: view(first, member.account), replayed: true };
        }
        await deps.audit(tx, {
          operatorId: operator.id,
          action: 'wallet.adjustment.request',
          targetType: 'adjustment',
          targetId: inserted.id.toString(),
          details: { member: member.account, memberId: member.id.toString(), amount: formatCents(input.amount), reason: input.reason, after: { status: 'pending' } },
          ip: operator.ip,
        });
        return { adjustment: view(inserted, member.account), replayed: false };
      });
    },

    async approve(operator: AdjustmentOperator, id: bigint): Promise<Adjustment> {
      // The member's account name is read before the transaction: asking the pool for a second
      // connection while holding the row lock starved the pool when many approvals queued on it.
      const unlocked = await repository.findAdjustment(db, id);
      if (!unlocked) throw new AppError('wallet.adjustment_not_found', 'no such adjustment request');
      const account = await accountOf(unlocked.member_id);
      const row = await db.transaction().execute(async (tx) => {
        // Locked first: concurrent approvals queue here and all but the first find it decided.
        const request = await load(tx, id);
        if (request.status !== 'pending') throw alreadyDecided(request);
        if (request.requested_by === operator.id) throw new AppError('wallet.adjustment_self_approval', 'another operator must approve this request');
        const posted = await deps.wallet.post(tx, {
          key: adjustmentJournalKey(request.id),
          type: 'adjustment',
          reference: `adjustment #${request.id}: ${request.reason}`.slice(0, 200),
          legs: [
            { member: request.member_id, amount: request.amount },
            { house: HOUSE.adjustments, amount: -request.amount },
          ],
        });
        if (posted.status !== 'applied') {
          if (posted.code === 'wallet.insufficient_funds') {
            const cash = await walletRepository.findMemberCash(tx, request.member_id);
            throw new AppError('wallet.adjustment_overdraw', 'the debit is larger than the balance', { balance: formatCents(cash), amount: formatCents(request.amount) });
          }
          throw new AppError(posted.code, `wallet refused adjustment #${request.id}: ${posted.code}`);
        }
        const decided = await repository.decideAdjustment(tx, request.id, { status: 'approved', operatorId: operator.id, operatorName: operator.username, note: null, journalId: posted.journalId });
        const cash = posted.balances.find((balance) => balance.member === request.member_id && balance.pocket === 'cash')?.balance;
        await deps.audit(tx, {
          operatorId: operator.id,
          action: 'wallet.adjustment.approve',
          targetType: 'adjustment',
          targetId: request.id.toString(),
          details: {
            member: account,
            memberId: request.member_id.toString(),
            amount: formatCents(request.amount),
            reason: request.reason,
            requestedBy: request.requested_by_name,
            before: { status: 'pending' },
            after: { status: 'approved', journalId: posted.journalId.toString(), cash: cash === undefined ? null : formatCents(cash) },
          },
          ip: operator.ip,
        });
        return decided;
      });
      return view(row, account);
    },

    async reject(operator: AdjustmentOperator, id: bigint, note: string): Promise<Adjustment> {
      const row = await db.transaction().execute(async (tx) => {
        const request = await load(tx, id);
        if (request.status === 'rejected') return request;
        if (request.status !== 'pending') throw alreadyDecided(request);
        const decided = await repository.decideAdjustment(tx, request.id, { status: 'rejected', operatorId: operator.id, operatorName: operator.username, note, journalId: null });
        await deps.audit(tx, {
          operatorId: operator.id,
          action: 'wallet.adjustment.reject',
          targetType: 'adjustment',
          targetId: request.id.toString(),
          details: { memberId: request.member_id.toString(), amount: formatCents(request.amount), reason: request.reason, note, before: { status: 'pending' }, after: { status: 'rejected' } },
          ip: operator.ip,
        });
        return decided;
      });
      return view(row, await accountOf(row.member_id));
    },

    async list(filter: { status?: 'pending' | 'approved' | 'rejected'; memberId?: bigint; pageNo: number; pageSize: number }): Promise<AdjustmentPage> {
      const { rows, total } = await repository.listAdjustments(db, { status: filter.status, memberId: filter.memberId, limit: filter.pageSize, offset: (filter.pageNo - 1) * filter.pageSize });
      const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return { total, content: rows.map((row) => view(row, names.get(row.member_id) ?? '')) };
    },
  };
}

export type BalanceAdjustments = ReturnType<typeof createBalanceAdjustments>;
