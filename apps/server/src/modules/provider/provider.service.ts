import { createHash } from 'node:crypto';
import { TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { formatCents, parseCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { HOUSE, type PostResult, type WalletApi } from '../wallet/index.ts';
import * as repository from './provider.repository.ts';
import {
  ProviderError,
  type AuthenticateRequest,
  type AuthenticateResponse,
  type BalanceRequest,
  type BalanceResponse,
  type BetRequest,
  type RollbackRequest,
  type TransactionResponse,
  type WinRequest,
} from './provider.wire.ts';

/** How long a session opened by authenticate accepts bets (wins and rollbacks are always accepted). */
export const PROVIDER_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const CURRENCY = 'BRL';
const AFTER_COMMIT = { announceAfterCommit: true } as const;

export interface ProviderDeps {
  db: Db;
  wallet: WalletApi;
  redeemLaunchToken: (token: string) => Promise<{ memberId: bigint; vendorCode: string; gameId: number; demo: boolean } | undefined>;
  playerOf: (memberId: bigint) => Promise<{ nickname: string; type: number; status: 'active' | 'locked' | 'closed' } | undefined>;
  /** The catalogue's game type for the betting record's product filter (undefined when unknown). */
  gameTypeOf?: (vendorCode: string, gameCode: string) => Promise<string | undefined>;
}

type MoneyAction = 'bet' | 'win' | 'rollback';

function hashContent(parts: unknown[]): Buffer {
  return createHash('sha256').update(JSON.stringify(parts)).digest();
}

function centsOf(amount: string): bigint {
  const cents = parseCents(amount);
  // The zod schema already allows only two-place decimals; this guards the invariant.
  if (cents === undefined || cents < 0n) throw new ProviderError('INVALID_REQUEST', 'amount must be a decimal string with two places');
  return cents;
}

/**
 * The seamless-wallet callbacks. Each money callback is one database transaction: the replay
 * check on the stored answer, the ledger post (wallet.api.post in the same transaction) and the
 * stored answer commit together.
 */
export function createProviderService(deps: ProviderDeps) {
  /** Inside a callback's transaction pass `tx`: holding one connection while asking the pool for another deadlocks under load. */
  async function cashOf(memberId: bigint, executor?: DbExecutor): Promise<string> {
    return formatCents(await deps.wallet.cashOf(memberId, executor));
  }

  async function requirePlayer(playerId: string) {
    const memberId = BigInt(playerId);
    const player = await deps.playerOf(memberId);
    if (!player) throw new ProviderError('PLAYER_NOT_FOUND', 'no such player');
    return { memberId, player };
  }

  /**
   * The replay guard, the use case and the stored answer in one transaction. A replay with the
   * same content answers the stored response unchanged; other content is a conflict.
   */
  async function inTransaction(
    key: { vendorCode: string; action: MoneyAction; transactionId: string; memberId: bigint; roundId: string; contentHash: Buffer },
    apply: (tx: DbExecutor, announce: (result: PostResult) => void) => Promise<string>,
  ): Promise<TransactionResponse> {
    // Balance pushes go out after the commit (see wallet PostOptions.announceAfterCommit).
    const pushes: PostResult[] = [];
    const response = await deps.db.transaction().execute(async (tx) => {
      const answer = (stored: repository.StoredTransaction): TransactionResponse => {
        if (!stored.content_hash.equals(key.contentHash)) throw new ProviderError('TRANSACTION_CONFLICT', 'this transactionId was used with other content');
        return { ...stored.response, operatorTransactionId: stored.id.toString() };
      };
      const stored = await repository.findTransaction(tx, key);
      if (stored) return answer(stored);
      const balance = await apply(tx, (result) => pushes.push(result));
      const response = { balance, transactionId: key.transactionId };
      const id = await repository.insertTransaction(tx, { ...key, response });
      if (id !== undefined) return { ...response, operatorTransactionId: id.toString() };
      // A concurrent copy committed first (the ledger post waited for it and replayed): answer it.
      const concurrent = await repository.findTransaction(tx, key);
      if (!concurrent) throw new Error('provider transaction vanished');
      return answer(concurrent);
    });
    for (const result of pushes) if (result.status === 'applied' && !result.replayed) deps.wallet.announceBalances(result.balances);
    return response;
  }

  async function balanceAfter(tx: DbExecutor, result: PostResult, memberId: bigint): Promise<string> {
    if (result.status === 'applied') {
      const cash = result.balances.find((entry) => entry.member === memberId && entry.pocket === 'cash');
      if (cash) return formatCents(cash.balance);
    }
    return cashOf(memberId, tx);
  }

  async function refuse(tx: DbExecutor, result: Exclude<PostResult, { status: 'applied' }>, memberId: bigint): Promise<never> {
    if (result.status === 'cancelled') throw new ProviderError('TRANSACTION_CONFLICT', 'this transaction was rolled back before it arrived');
    if (result.status === 'conflict') throw new ProviderError('TRANSACTION_CONFLICT', 'this transactionId was used with other content');
    if (result.code === 'wallet.insufficient_funds') throw new ProviderError('INSUFFICIENT_FUNDS', 'insufficient funds', await cashOf(memberId, tx));
    throw new ProviderError('INVALID_REQUEST', `refused by the wallet: ${result.code}`);
  }

  return {
    async authenticate(vendorCode: string, request: AuthenticateRequest): Promise<AuthenticateResponse> {
      const launch = await deps.redeemLaunchToken(request.token);
      if (!launch || launch.vendorCode !== vendorCode) throw new ProviderError('INVALID_TOKEN', 'unknown, used or expired token');
      const player = await deps.playerOf(launch.memberId);
      if (!player) throw new ProviderError('PLAYER_NOT_FOUND', 'no such player');
      if (player.status !== 'active') throw new ProviderError('PLAYER_BLOCKED', 'the player is blocked');
      await repository.upsertSession(deps.db, { vendorCode, memberId: launch.memberId, demo: launch.demo || player.type === TRIAL_ACCOUNT_TYPE, ttlMs: PROVIDER_SESSION_TTL_MS });
      return { playerId: launch.memberId.toString(), nickname: player.nickname, currency: CURRENCY, balance: await cashOf(launch.memberId) };
    },

    async balance(vendorCode: string, request: BalanceRequest): Promise<BalanceResponse> {
      const { memberId } = await requirePlayer(request.playerId);
      // A vendor sees only the players it authenticated.
      if (!(await repository.findSession(deps.db, vendorCode, memberId))) throw new ProviderError('PLAYER_NOT_FOUND', 'no such player at this vendor');
      return { balance: await cashOf(memberId), currency: CURRENCY };
    },

    async bet(vendorCode: string, request: BetRequest): Promise<TransactionResponse> {
      const amount = centsOf(request.amount);
      if (amount === 0n) throw new ProviderError('INVALID_REQUEST', 'a bet must be more than 0.00');
      const { memberId, player } = await requirePlayer(request.playerId);
      const contentHash = hashContent([request.playerId, request.roundId, request.gameCode, request.amount]);
      return inTransaction({ vendorCode, action: 'bet', transactionId: request.transactionId, memberId, roundId: request.roundId, contentHash }, async (tx, announce) => {
        const session = await repository.findSession(tx, vendorCode, memberId);
        if (player.status !== 'active' || player.type === TRIAL_ACCOUNT_TYPE || session?.demo) throw new ProviderError('PLAYER_BLOCKED', 'the player may not bet with real money');
        if (!session || session.expired) throw new ProviderError('INVALID_TOKEN', 'no open session for this player: launch the game again');
        const result = await deps.wallet.post(tx, {
          key: `bet:${vendorCode}:${request.transactionId}`,
          type: 'bet',
          reference: `${request.gameCode}/${request.roundId}`,
          product: 'casino',
          vendor: vendorCode,
          legs: [
            { member: memberId, amount: -amount },
            { house: HOUSE.gameRevenue(vendorCode.toLowerCase()), amount },
          ],
        }, AFTER_COMMIT);
        announce(result);
        if (result.status !== 'applied') return refuse(tx, result, memberId);
        if (!result.replayed) await repository.recordRound(tx, { vendorCode, memberId, roundId: request.roundId, gameCode: request.gameCode, gameType: (await deps.gameTypeOf?.(vendorCode, request.gameCode)) ?? null, bet: amount });
        return balanceAfter(tx, result, memberId);
      });
    },

    async win(vendorCode: string, request: WinRequest): Promise<TransactionResponse> {
      const amount = centsOf(request.amount);
      const { memberId } = await requirePlayer(request.playerId);
      const contentHash = hashContent([request.playerId, request.roundId, request.gameCode, request.amount, request.roundClosed]);
      return inTransaction({ vendorCode, action: 'win', transactionId: request.transactionId, memberId, roundId: request.roundId, contentHash }, async (tx, announce) => {
        const round = { vendorCode, memberId, roundId: request.roundId, gameCode: request.gameCode, gameType: null, win: amount, closes: request.roundClosed };
        // "0.00" closes a losing round: nothing to post, the answer is still stored for replays.
        if (amount === 0n) {
          await repository.recordRound(tx, round);
          return cashOf(memberId, tx);
        }
        const result = await deps.wallet.post(tx, {
          key: `win:${vendorCode}:${request.transactionId}`,
          type: 'win',
          reference: `${request.gameCode}/${request.roundId}`,
          product: 'casino',
          vendor: vendorCode,
          legs: [
            { member: memberId, amount },
            { house: HOUSE.gameRevenue(vendorCode.toLowerCase()), amount: -amount },
          ],
        }, AFTER_COMMIT);
        announce(result);
        if (result.status !== 'applied') return refuse(tx, result, memberId);
        if (!result.replayed) await repository.recordRound(tx, round);
        return balanceAfter(tx, result, memberId);
      });
    },

    async rollback(vendorCode: string, request: RollbackRequest): Promise<TransactionResponse> {
      const { memberId } = await requirePlayer(request.playerId);
      const contentHash = hashContent([request.playerId, request.originalTransactionId, request.roundId]);
      return inTransaction({ vendorCode, action: 'rollback', transactionId: request.transactionId, memberId, roundId: request.roundId, contentHash }, async (tx, announce) => {
        const original = await repository.findTransaction(tx, { vendorCode, action: 'bet', transactionId: request.originalTransactionId });
        if (original && original.member_id !== memberId) throw new ProviderError('INVALID_REQUEST', 'the original transaction belongs to another player');
        const result = await deps.wallet.post(tx, {
          key: `rollback:${vendorCode}:${request.transactionId}`,
          reverses: `bet:${vendorCode}:${request.originalTransactionId}`,
          reversedType: 'bet',
          reference: request.roundId,
          member: memberId,
        }, AFTER_COMMIT);
        announce(result);
        if (result.status !== 'applied') return refuse(tx, result, memberId);
        if (!result.replayed && original) await repository.recordRound(tx, { vendorCode, memberId, roundId: original.round_id, gameCode: '', gameType: null, rolledBack: true });
        return balanceAfter(tx, result, memberId);
      });
    },
  };
}

export type ProviderService = ReturnType<typeof createProviderService>;
