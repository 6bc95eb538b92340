import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { MAX_LEG_AMOUNT, type Journal, type WalletApi } from '../wallet/index.ts';
import * as repository from './bonus.repository.ts';
import type { GrantRow } from './bonus.repository.ts';

/** House account the bonus money comes from and goes back to while it is not the member's cash. */
export const BONUS_ISSUED = 'bonus_issued';
/** House account a converted bonus costs (reports' NGR reads bonus journals' debits of it). */
export const BONUS_EXPENSE = 'bonus_expense';

export interface GrantInput {
  key: string;
  memberId: bigint;
  amount: bigint;
  wageringMultiple: number;
  expiresAt: Date;
  source: { kind: string; id: string };
  note?: string;
}

const KEY = /^[\x21-\x7e]{1,160}$/;
const SOURCE_KIND = /^[a-z_]{2,40}$/;

/** required = amount × multiple, the multiple kept to two decimals as the table does. */
export function requiredOf(amount: bigint, multiple: number): bigint {
  return (amount * BigInt(Math.round(multiple * 100))) / 100n;
}

/** The journals of a grant's life; each its own key, so a retry posts nothing twice. */
export const journals = {
  grant: (grant: GrantRow): Journal => ({
    key: `bonus:grant:${grant.id}`,
    type: 'bonus',
    reference: `bonus:${grant.id}`,
    legs: [{ house: BONUS_ISSUED, amount: -grant.amount }, { member: grant.member_id, pocket: 'bonus', amount: grant.amount }],
  }),
  /**
   * Bonus → cash: what the grant holds now (its amount less what bets spent, plus what their wins
   * paid back). The house's cost moves from "issued" to "expense" only now.
   */
  convert: (grant: GrantRow): Journal => ({
    key: `bonus:convert:${grant.id}`,
    type: 'bonus',
    reference: `bonus:${grant.id}`,
    legs: [
      { member: grant.member_id, pocket: 'bonus', amount: -grant.balance },
      { member: grant.member_id, pocket: 'cash', amount: grant.balance },
      { house: BONUS_EXPENSE, amount: -grant.balance },
      { house: BONUS_ISSUED, amount: grant.balance },
    ],
  }),
  /** Expiry and forfeit: what the grant still holds goes back where it came from. */
  takeBack: (grant: GrantRow, why: 'expire' | 'forfeit'): Journal => ({
    key: `bonus:${why}:${grant.id}`,
    type: 'bonus',
    reference: `bonus:${grant.id}`,
    legs: [{ member: grant.member_id, pocket: 'bonus', amount: -grant.balance }, { house: BONUS_ISSUED, amount: grant.balance }],
  }),
  /** Bonus money no active grant holds (a win or rollback after its grant closed) back to the house. */
  sweep: (sweep: { id: bigint; memberId: bigint; amount: bigint }): Journal => ({
    key: `bonus:sweep:${sweep.id}`,
    type: 'bonus',
    reference: `bonus:sweep:${sweep.memberId}`,
    legs: [{ member: sweep.memberId, pocket: 'bonus', amount: -sweep.amount }, { house: BONUS_ISSUED, amount: sweep.amount }],
  }),
};

/** Closes a grant, moving what it holds with `journal` (nothing to post when bets spent it all). */
async function closeWith(tx: DbExecutor, wallet: Pick<WalletApi, 'postOrThrow'>, grant: GrantRow, status: 'converted' | 'expired' | 'forfeited', journal: Journal): Promise<void> {
  if (grant.balance > 0n) await wallet.postOrThrow(tx, journal);
  await repository.closeGrant(tx, grant.id, status, grant.balance);
}

export function createBonusService(deps: { db: Db; wallet: Pick<WalletApi, 'postOrThrow'>; logger: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  function check(input: GrantInput) {
    const bad = (why: string) => new AppError('bonus.grant_invalid', why);
    if (!KEY.test(input.key)) throw bad('key must be 1-160 printable ASCII characters');
    if (input.memberId <= 0n) throw bad('no such member');
    if (input.amount <= 0n || input.amount > MAX_LEG_AMOUNT) throw bad('amount out of range');
    if (!Number.isFinite(input.wageringMultiple) || input.wageringMultiple < 0 || input.wageringMultiple > 1000) throw bad('wagering multiple out of range');
    if (!(input.expiresAt instanceof Date) || Number.isNaN(input.expiresAt.getTime()) || input.expiresAt <= now()) throw bad('expiry must be in the future');
    if (!SOURCE_KIND.test(input.source.kind) || input.source.id.length < 1 || input.source.id.length > 100) throw bad('bad source');
    if (input.note !== undefined && input.note.length > 500) throw bad('note too long');
  }

  /** Converts a grant whose wagering is complete, once (row lock + status + the journal's key). */
  async function convertIn(tx: DbExecutor, id: bigint): Promise<boolean> {
    const grant = await repository.lockGrant(tx, id);
    if (!grant || grant.status !== 'active' || grant.done < grant.required) return false;
    await closeWith(tx, deps.wallet, grant, 'converted', journals.convert(grant));
    return true;
  }

  async function grant(tx: DbExecutor, input: GrantInput): Promise<{ grantId: bigint; created: boolean }> {
    check(input);
    const inserted = await repository.insertGrant(tx, {
      key: input.key,
      memberId: input.memberId,
      amount: input.amount,
      wageringMultiple: input.wageringMultiple.toFixed(2),
      required: requiredOf(input.amount, input.wageringMultiple),
      expiresAt: input.expiresAt,
      sourceKind: input.source.kind,
      sourceId: input.source.id,
      note: input.note ?? null,
    });
    if (!inserted) {
      const first = await repository.findGrantByKey(tx, input.key);
      if (!first) throw new Error(`bonus grant ${input.key} neither inserted nor found`);
      return { grantId: first.id, created: false };
    }
    await deps.wallet.postOrThrow(tx, journals.grant(inserted));
    // No wagering asked (multiple 0): the bonus is cash at once.
    if (inserted.required === 0n) await convertIn(tx, inserted.id);
    return { grantId: inserted.id, created: true };
  }

  /** Converts every completed grant (of one member, or all): each in its own transaction. */
  async function convertCompleted(memberId?: bigint): Promise<number> {
    let converted = 0;
    for (const { id } of await repository.listCompleted(deps.db, memberId)) {
      if (await deps.db.transaction().execute((tx) => convertIn(tx, id))) converted += 1;
    }
    return converted;
  }

  /** The expiry job: unconverted bonus back to the house; a completed grant converts instead. */
  async function expireDue(): Promise<{ expired: number; converted: number }> {
    const outcome = { expired: 0, converted: 0 };
    for (const { id } of await repository.listDue(deps.db, now())) {
      await deps.db.transaction().execute(async (tx) => {
        const row = await repository.lockGrant(tx, id);
        if (!row || row.status !== 'active' || row.expires_at > now()) return;
        if (row.done >= row.required) {
          if (await convertIn(tx, id)) outcome.converted += 1;
          return;
        }
        await closeWith(tx, deps.wallet, row, 'expired', journals.takeBack(row, 'expire'));
        outcome.expired += 1;
      });
    }
    return outcome;
  }

  /** Bonus money still under wagering (what a withdrawal would forfeit); null when none. */
  async function openWagering(memberId: bigint, executor: DbExecutor = deps.db) {
    // A grant whose bets spent it all forfeits nothing worth a warning.
    const open = (await repository.listActiveOf(executor, memberId)).filter((row) => row.done < row.required && row.balance > 0n);
    if (open.length === 0) return null;
    return {
      grants: open.length,
      bonus: open.reduce((sum, row) => sum + row.balance, 0n),
      wageringRemaining: open.reduce((sum, row) => sum + (row.required - row.done), 0n),
    };
  }

  /**
   * Forfeits the member's open grants in the caller's transaction (a withdrawal request the member
   * confirmed). Completed grants convert instead: their wagering was done.
   */
  async function forfeitOpen(tx: DbExecutor, memberId: bigint): Promise<{ forfeited: number; amount: bigint }> {
    let forfeited = 0;
    let amount = 0n;
    for (const { id } of await repository.listActiveOf(tx, memberId)) {
      const row = await repository.lockGrant(tx, id);
      if (!row || row.status !== 'active') continue;
      if (row.done >= row.required) {
        await convertIn(tx, id);
        continue;
      }
      await closeWith(tx, deps.wallet, row, 'forfeited', journals.takeBack(row, 'forfeit'));
      forfeited += 1;
      amount += row.balance;
    }
    return { forfeited, amount };
  }

  /**
   * Bonus money no active grant holds (a win or a rollback that reached a grant after it closed)
   * goes back to the house. The bonus pocket is always the active grants' balances plus that
   * remainder, and every change to either commits with the other, so one statement's snapshot of
   * the two gives the remainder exactly, whatever bets and grants run meanwhile.
   */
  async function sweepOrphans(limit = 500): Promise<number> {
    let swept = 0;
    for (const { memberId } of await repository.listOrphanPockets(deps.db, limit)) {
      await deps.db.transaction().execute(async (tx) => {
        const amount = await repository.orphanOf(tx, memberId);
        if (amount <= 0n) return;
        const sweep = await repository.insertSweep(tx, memberId, amount);
        await deps.wallet.postOrThrow(tx, journals.sweep({ id: sweep.id, memberId, amount }));
        swept += 1;
      });
    }
    return swept;
  }

  return { grant, convertCompleted, expireDue, openWagering, forfeitOpen, sweepOrphans };
}

export type BonusService = ReturnType<typeof createBonusService>;
