import { randomInt } from 'node:crypto';
import { AppError, formatCents, type ErrorCode } from '@app/kernel';
import type { WalletBalance } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { AppEvent, EventBus } from '../../platform/events.ts';
import type { GroupCommit } from './group-commit.ts';
import { toWireOp, toWireReversal, type Journal, type PocketBalance, type PostResult, type Reversal, type WireOp } from './journal.ts';
import * as repository from './wallet.repository.ts';

export const SITE_CURRENCY = { code: 'BRL', symbol: 'R$' } as const;
/** House shards 0..LANE_SHARDS-1 belong to the group-commit lanes; in-transaction posts use the rest. */
export const TOTAL_SHARDS = 64;

/**
 * The ledger's public service. `post` runs inside the caller's transaction, so a balance change
 * commits with its business record (bet, deposit, payout) or not at all. `submit` posts on its own
 * through group commit, for hot single-member callers (vendor callbacks, house games).
 */
export function createWalletService(deps: { db: Db; bus: EventBus; groupCommit: GroupCommit; laneShards: number }) {
  const inTransactionShard = () => randomInt(deps.laneShards, TOTAL_SHARDS);

  const announceLater = createBalanceAnnouncer(deps.bus, deps.db);

  async function post(tx: DbExecutor, journal: Journal | Reversal, options: PostOptions = {}): Promise<PostResult> {
    const op = 'legs' in journal ? toWireOp(journal) : toWireReversal(journal);
    const outcome = await repository.postOps(tx, [op], inTransactionShard());
    // Delivered by NOTIFY only if and when the caller's transaction commits.
    if (!options.announceAfterCommit) await deps.bus.publishAll(tx, balanceEvents(outcome.balances));
    return outcome.results[0]!;
  }

  return {
    post,
    /**
     * A journal validated and canonicalised for a post made by another module's SQL function
     * through wallet_post_batch(ops, shard), with the house shard it must use.
     */
    prepareForSql(journal: Journal | Reversal): { op: WireOp; shard: number } {
      return { op: 'legs' in journal ? toWireOp(journal) : toWireReversal(journal), shard: inTransactionShard() };
    },
    /** For posts made with announceAfterCommit: call once the caller's transaction committed. */
    announceBalances: (balances: readonly PocketBalance[]) => announceLater(balances),

    /** Like post, but a refusal (insufficient funds, conflict, cancelled) throws its AppError. */
    async postOrThrow(tx: DbExecutor, journal: Journal | Reversal): Promise<Extract<PostResult, { status: 'applied' }>> {
      const result = await post(tx, journal);
      if (result.status !== 'applied') throw new AppError(result.code, `wallet refused ${journal.key}: ${result.code}`);
      return result;
    },

    /** Posts on its own, group-committed; resolves once durable. */
    submit(journal: Journal | Reversal): Promise<PostResult> {
      try {
        return deps.groupCommit.submit('legs' in journal ? toWireOp(journal) : toWireReversal(journal));
      } catch (error) {
        return Promise.reject(error);
      }
    },

    /** A house account's balance over all its shards (e.g. the jackpot pool). */
    houseBalance: (houseCode: string, executor: DbExecutor = deps.db) => repository.findHouseBalance(executor, houseCode),

    /** Inside a transaction pass it as `executor`: a second pooled connection there can starve the pool. */
    async cashOf(memberId: bigint, executor: DbExecutor = deps.db): Promise<bigint> {
      return repository.findMemberCash(executor, memberId);
    },

    async balanceOf(memberId: bigint): Promise<WalletBalance> {
      const pockets = await repository.findMemberPockets(deps.db, memberId);
      const of = (pocket: string) => pockets.find((row) => row.pocket === pocket)?.balance ?? 0n;
      return {
        cash: formatCents(of('cash')),
        bonus: formatCents(of('bonus')),
        points: of('points').toString(),
        currency: SITE_CURRENCY.code,
        currencySymbol: SITE_CURRENCY.symbol,
      };
    },

    /** Money the member keeps at transfer-mode vendors (pockets vendor:<code>). */
    async vendorPocketsOf(memberId: bigint) {
      const pockets = await repository.findMemberPockets(deps.db, memberId);
      return pockets.filter((row) => row.pocket.startsWith('vendor:')).map((row) => ({ vendor: row.pocket.slice('vendor:'.length), balance: row.balance }));
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

/** One push per member whose cash or bonus changed: the header shows the new figure at once. */
export interface PostOptions {
  /**
   * Leave the balance push to `announceBalances` after the caller commits. PostgreSQL serialises
   * the commits of transactions that issued NOTIFY (one queue lock held through the commit's
   * fsync), which caps a hot path such as vendor callbacks at about one commit per fsync; pushes
   * gathered and sent together outside the transaction lift that cap.
   */
  announceAfterCommit?: boolean;
}

/** Balance pushes sent together, one NOTIFY statement per tick, the latest balance per member. */
function createBalanceAnnouncer(bus: EventBus, db: Db, tickMs = 20) {
  let pending = new Map<string, AppEvent>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const events = [...pending.values()];
    pending = new Map();
    // A lost push costs a stale display until the next one; the client also re-reads on focus.
    if (events.length > 0) void bus.publishAll(db, events).catch(() => undefined);
  };
  return (balances: readonly PocketBalance[]) => {
    for (const event of balanceEvents(balances)) pending.set(event.audience.kind === 'member' ? event.audience.memberId : '', event);
    timer ??= setTimeout(flush, tickMs).unref();
  };
}

export function balanceEvents(balances: readonly PocketBalance[]): AppEvent[] {
  const byMember = new Map<bigint, { cash: bigint; bonus: bigint }>();
  for (const row of balances) {
    const current = byMember.get(row.member) ?? { cash: 0n, bonus: 0n };
    if (row.pocket === 'cash') current.cash = row.balance;
    if (row.pocket === 'bonus') current.bonus = row.balance;
    byMember.set(row.member, current);
  }
  return [...byMember].map(([member, money]) => ({
    type: 'wallet.balance_changed',
    audience: { kind: 'member', memberId: member.toString() },
    data: { cash: formatCents(money.cash), bonus: formatCents(money.bonus) },
  }));
}

/** Maps a refused post to its error, for callers that answer a member directly. */
export function refusalOf(result: PostResult): AppError | undefined {
  if (result.status === 'applied') return undefined;
  return new AppError(result.code as ErrorCode, `wallet refused: ${result.code}`);
}
