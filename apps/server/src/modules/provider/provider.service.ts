import { createHash } from 'node:crypto';
import { TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { formatCents, parseCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { HOUSE, type Journal, type Reversal, type WalletApi } from '../wallet/index.ts';
import type { CallbackLanes } from './callback-lanes.ts';
import { eachInOrderPerPlayer } from './in-order-per-player.ts';
import * as repository from './provider.repository.ts';
import { createRoundEnd } from './round-end.ts';
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

export interface ProviderDeps {
  db: Db;
  wallet: WalletApi;
  /** Warnings of the set-based batches' fallbacks. */
  logger?: Logger;
  redeemLaunchToken: (token: string) => Promise<{ memberId: bigint; vendorCode: string; gameId: number; demo: boolean } | undefined>;
  playerOf: (memberId: bigint) => Promise<{ nickname: string; type: number; status: 'active' | 'locked' | 'closed' } | undefined>;
  /**
   * The accounts module's 18+ rule. Bets are the one place every product's real-money play passes
   * (vendors' games, house slots, mini games, crash), so the rule is asked here, before the money
   * callback; wins and rollbacks of bets already taken are always accepted.
   */
  ageVerificationOf?: (memberId: bigint) => Promise<'verified' | 'identity_incomplete' | 'underage' | undefined>;
  /** The same for many members in one read (a batch of bets); members missing from the map do not exist. */
  ageVerificationsOf?: (memberIds: readonly bigint[]) => Promise<Map<bigint, 'verified' | 'identity_incomplete' | 'underage'>>;
  /** The catalogue's game type for the betting record's product filter (undefined when unknown). */
  gameTypeOf?: (vendorCode: string, gameCode: string) => Promise<string | undefined>;
  /** Responsible gaming (issue 27): limits and exclusions composed in compose.ts; a non-null answer refuses the bet. */
  betGate?: (memberId: bigint, amountCents: bigint, product: 'sports'|'lottery'|'casino') => Promise<'LIMIT_REACHED' | 'PLAYER_BLOCKED' | null>;
  /** Before a batch of bets: lets betGate read the batch's members in one statement per check instead of one per bet (a cache warm-up only: betGate still decides). */
  prefetchBetGate?: (memberIds: readonly bigint[]) => Promise<void>;
  /** Group commit for single callbacks (callback-lanes.ts); without it each callback is its own statement and commit. */
  lanes?: CallbackLanes;
}

function hashContent(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** playerId as the member id; the wire schema allows digits only, the range is checked here. */
function playerIdOf(playerId: string): bigint {
  const id = BigInt(playerId);
  if (id <= 0n || id > 9_223_372_036_854_775_807n) throw new ProviderError('PLAYER_NOT_FOUND', 'no such player');
  return id;
}

/**
 * The ledger's product for a game type: the sportsbook's (and any sports vendor's) play is 'sports'
 * so the member's profit by product and the reports tell it from the casino; every other game
 * type stays 'casino', as before.
 */
export function productOf(gameType: string | undefined): 'sports' | 'lottery' | 'casino' {
  if (gameType === 'SPORTS') return 'sports';
  // The lottery's vendors (LOTT, ELOTT; issue 24) book under their own product.
  if (gameType === 'LOTT' || gameType === 'ELOTT') return 'lottery';
  return 'casino';
}

function centsOf(amount: string): bigint {
  const cents = parseCents(amount);
  // The zod schema already allows only two-place decimals; this guards the invariant.
  if (cents === undefined || cents < 0n) throw new ProviderError('INVALID_REQUEST', 'amount must be a decimal string with two places');
  return cents;
}

/**
 * The seamless-wallet callbacks. Each money callback is one statement in one transaction
 * (provider_money_callback): the replay check on the stored answer, the ledger post (the wallet's
 * wallet_post_batch, with the op the wallet module built) and the stored answer commit together.
 */
/** How long a member's verified 18+ identity is taken as read before it is asked again (refusals are never kept). */
const VERIFIED_AGE_TTL_MS = 60_000;
const VERIFIED_AGE_ENTRIES = 100_000;
/** A bet batch runs as at most this many statements at once, each of at least BET_BATCH_MIN bets (see betBatch). */
const BET_BATCH_STATEMENTS = 4;
const BET_BATCH_MIN = 8;
/** A bet of betBatch, ready for the SQL: its position in the request, member, call with the wallet op, and house shard. */
interface BetInBatch {
  index: number;
  member: bigint;
  call: repository.MoneyCall & { op: unknown };
  shard: number | undefined;
}

export function createProviderService(deps: ProviderDeps) {
  // Every bet asked the accounts module for the 18+ rule: a round trip per bet that cost about a
  // third of the callbacks per second (bench/README.md, provider). An identity, once verified,
  // rarely lapses (only customer service clears it), so a "verified" answer is kept a minute.
  const verifiedAgeUntil = new Map<bigint, number>();
  async function ageVerificationOf(memberId: bigint) {
    const now = Date.now();
    if ((verifiedAgeUntil.get(memberId) ?? 0) > now) return 'verified' as const;
    const age = await deps.ageVerificationOf?.(memberId);
    if (age === 'verified') {
      if (verifiedAgeUntil.size >= VERIFIED_AGE_ENTRIES) verifiedAgeUntil.clear();
      verifiedAgeUntil.set(memberId, now + VERIFIED_AGE_TTL_MS);
    } else verifiedAgeUntil.delete(memberId);
    return age;
  }

  /**
   * Before a batch of bets: the members not known verified are read in one statement and the
   * verified ones cached like single answers, so the batch's bets find them there instead of one
   * identity read each (the largest share of a batched sportsbook placement's time). The others
   * are left to the single check, which answers them exactly as before.
   */
  async function prefetchAgeVerifications(memberIds: readonly bigint[]): Promise<void> {
    if (!deps.ageVerificationsOf) return;
    const now = Date.now();
    const unknown = [...new Set(memberIds)].filter((id) => (verifiedAgeUntil.get(id) ?? 0) <= now);
    if (unknown.length < 2) return;
    for (const [memberId, age] of await deps.ageVerificationsOf(unknown)) {
      if (age !== 'verified') continue;
      if (verifiedAgeUntil.size >= VERIFIED_AGE_ENTRIES) verifiedAgeUntil.clear();
      verifiedAgeUntil.set(memberId, now + VERIFIED_AGE_TTL_MS);
    }
  }

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
   * One money callback as one statement (provider_money_callback, its own transaction): replay
   * guard, player and session rules, the ledger post, the betting-record round and the stored
   * answer. Balance pushes go out after it committed.
   */
  async function moneyCallback(call: repository.MoneyCall, journal: Journal | Reversal | null): Promise<TransactionResponse> {
    const prepared = journal ? deps.wallet.prepareForSql(journal) : null;
    const wire = { ...call, op: prepared?.op ?? null };
    if (deps.lanes) {
      const answer = await deps.lanes.submit(wire, prepared?.shard);
      return { balance: answer.balance, transactionId: answer.transactionId, operatorTransactionId: answer.operatorTransactionId };
    }
    const answer = await repository.moneyCallback(deps.db, wire, prepared?.shard ?? 0);
    if (answer.balances.length > 0) deps.wallet.announceBalances(answer.balances);
    return { balance: answer.balance, transactionId: answer.transactionId, operatorTransactionId: answer.operatorTransactionId };
  }

  /** A win's callback and its journal (none for 0.00: a losing round closes without a post). */
  async function winCall(vendorCode: string, request: WinRequest): Promise<{ call: repository.MoneyCall; journal: Journal | null }> {
    const amount = centsOf(request.amount);
    const memberId = playerIdOf(request.playerId);
    const call: repository.MoneyCall = {
      vendor: vendorCode,
      action: 'win',
      transaction_id: request.transactionId,
      member: memberId.toString(),
      round: request.roundId,
      game: request.gameCode,
      hash: hashContent([request.playerId, request.roundId, request.gameCode, request.amount, request.roundClosed]),
      amount: amount.toString(),
      round_closed: request.roundClosed,
    };
    // "0.00" closes a losing round: nothing to post, the answer is still stored for replays.
    if (amount === 0n) return { call, journal: null };
    const gameType = await deps.gameTypeOf?.(vendorCode, request.gameCode);
    return {
      call,
      journal: {
        key: `win:${vendorCode}:${request.transactionId}`,
        type: 'win',
        reference: `${request.gameCode}/${request.roundId}`,
        product: productOf(gameType),
        vendor: vendorCode,
        legs: [
          { member: memberId, amount },
          { house: HOUSE.gameRevenue(vendorCode.toLowerCase()), amount: -amount },
        ],
      },
    };
  }

  /** A rollback's callback and its reversal (of the bet, or of the win with originalAction 'win'). */
  function rollbackCall(vendorCode: string, request: RollbackRequest): { call: repository.MoneyCall; journal: Reversal } {
    const memberId = playerIdOf(request.playerId);
    const original = request.originalAction ?? 'bet';
    const content: unknown[] = [request.playerId, request.originalTransactionId, request.roundId];
    if (original === 'win') content.push('win');
    return {
      call: {
        vendor: vendorCode,
        action: 'rollback',
        transaction_id: request.transactionId,
        member: memberId.toString(),
        round: request.roundId,
        hash: hashContent(content),
        original_transaction_id: request.originalTransactionId,
        original_action: original,
      },
      journal: {
        key: `rollback:${vendorCode}:${request.transactionId}`,
        reverses: `${original}:${vendorCode}:${request.originalTransactionId}`,
        reversedType: original,
        reference: request.roundId,
        member: memberId,
      },
    };
  }

  /** A bet's callback and its journal, after bet()'s own checks (amount, the 18+ rule); throws its ProviderError. */
  async function betCall(vendorCode: string, request: BetRequest): Promise<{ call: repository.MoneyCall; journal: Journal }> {
    const amount = centsOf(request.amount);
    if (amount === 0n) throw new ProviderError('INVALID_REQUEST', 'a bet must be more than 0.00');
    const memberId = playerIdOf(request.playerId);
    const [gameType, age] = await Promise.all([deps.gameTypeOf?.(vendorCode, request.gameCode), ageVerificationOf(memberId)]);
    // An unknown member (undefined) is left to the callback, which answers PLAYER_NOT_FOUND.
    // A replay of a bet already taken still gets its stored answer, whatever the identity says now.
    if (age !== undefined && age !== 'verified' && !(await repository.hasStoredAnswer(deps.db, vendorCode, 'bet', request.transactionId))) {
      throw new ProviderError('PLAYER_BLOCKED', `the player may not bet for money: ${age} (member.age_unverified)`);
    }
    // Responsible gaming (limits, exclusions): asked first, as it costs a cached lookup for most members;
    // a replay of a bet already taken still gets its stored answer, whatever the limits say now.
    const refusal = deps.betGate && age !== undefined ? await deps.betGate(memberId, amount, productOf(gameType)) : null;
    if (refusal && !(await repository.hasStoredAnswer(deps.db, vendorCode, 'bet', request.transactionId))) {
      throw new ProviderError(refusal, refusal === 'LIMIT_REACHED' ? 'the bet is above the player\'s limit' : 'the player may not bet now');
    }
    return {
      call: {
        vendor: vendorCode,
        action: 'bet',
        transaction_id: request.transactionId,
        member: memberId.toString(),
        round: request.roundId,
        game: request.gameCode,
        game_type: gameType ?? null,
        hash: hashContent([request.playerId, request.roundId, request.gameCode, request.amount]),
        amount: amount.toString(),
      },
      journal: {
        key: `bet:${vendorCode}:${request.transactionId}`,
        type: 'bet',
        reference: `${request.gameCode}/${request.roundId}`,
        product: productOf(gameType),
        vendor: vendorCode,
        legs: [
          { member: memberId, amount: -amount },
          { house: HOUSE.gameRevenue(vendorCode.toLowerCase()), amount },
        ],
      },
    };
  }

  /**
   * The plain bets (or wins) of a batch set-based (provider_place_bets, provider_pay_wins: the same
   * ledger, round and stored answer as the callback, a handful of statements per batch instead of
   * ~15 per call); returns the calls it left, which go the ordinary way. When it gives up
   * (something moved between its checks and its writes; a lost connection) it changed nothing, or
   * what it committed is found by the ordinary way's replay guard, so the whole batch is left.
   */
  async function takePlainCalls<T extends { index: number; call: repository.MoneyCall & { op: unknown }; shard: number | undefined }>(
    action: 'bet' | 'win',
    batch: readonly T[],
    results: Array<TransactionResponse | ProviderError>,
  ): Promise<readonly T[]> {
    if (batch.length === 0) return batch;
    let answers: Map<number, repository.MoneyAnswer>;
    try {
      answers = await repository.takePlainCalls(
        deps.db,
        action,
        batch.map((each) => each.call),
        batch[0]!.shard ?? 0,
      );
    } catch (error) {
      // PB001: something moved meanwhile, which the ordinary way answers. Anything else is worth a look.
      if ((error as { code?: string }).code !== 'PB001') deps.logger?.warn({ err: error, action, calls: batch.length }, 'provider set-based batch failed; sent the ordinary way');
      return batch;
    }
    const balances = [...answers.values()].flatMap((answer) => answer.balances);
    if (balances.length > 0) deps.wallet.announceBalances(balances);
    for (const [position, answer] of answers) {
      results[batch[position]!.index] = { balance: answer.balance, transactionId: answer.transactionId, operatorTransactionId: answer.operatorTransactionId };
    }
    return batch.filter((_each, position) => !answers.has(position));
  }

  /**
   * The plain wins of a moneyBatch set-based (provider_pay_wins); answers the positions it left
   * (bad amounts, and whatever provider_pay_wins did not take), in order.
   */
  async function payPlainWins(vendorCode: string, requests: readonly WinRequest[], results: Array<TransactionResponse | ProviderError>): Promise<number[]> {
    const prepared: Array<{ index: number; call: repository.MoneyCall & { op: unknown }; shard: number | undefined }> = [];
    const left: number[] = [];
    await Promise.all(
      requests.map(async (request, index) => {
        try {
          const { call, journal } = await winCall(vendorCode, request);
          // A 0.00 win goes too (it posts nothing): a player's calls are taken together or not at all, so their answers follow one another.
          const wire = journal ? deps.wallet.prepareForSql(journal) : null;
          prepared.push({ index, call: { ...call, op: wire?.op ?? null }, shard: wire?.shard });
        } catch {
          left.push(index);
        }
      }),
    );
    prepared.sort((a, b) => a.index - b.index);
    const shard = prepared.find((each) => each.shard !== undefined)?.shard;
    const rest = await takePlainCalls('win', prepared.map((each) => ({ ...each, shard })), results);
    return [...left, ...rest.map((each) => each.index)].sort((a, b) => a - b);
  }

  /**
   * One statement of a bet batch (one commit): its plain bets set-based, the rest through the
   * callback; if that fails, each bet left is sent alone for its own answer.
   */
  async function betStatement(
    batch: readonly BetInBatch[],
    results: Array<TransactionResponse | ProviderError>,
  ): Promise<void> {
    const chunk = await takePlainCalls('bet', batch, results);
    if (chunk.length === 0) return;
    try {
      const answers = await repository.moneyCallbacks(
        deps.db,
        chunk.map((each) => each.call),
        chunk[0]!.shard ?? 0,
      );
      const balances = answers.flatMap((answer) => answer.balances);
      if (balances.length > 0) deps.wallet.announceBalances(balances);
      answers.forEach((answer, position) => {
        results[chunk[position]!.index] = { balance: answer.balance, transactionId: answer.transactionId, operatorTransactionId: answer.operatorTransactionId };
      });
    } catch {
      // Which of a member's two bets a short balance refuses is the one that came second, as in the statement.
      await eachInOrderPerPlayer(chunk, (each) => each.member, async (each) => {
        try {
          const answer = await repository.moneyCallback(deps.db, each.call, each.shard ?? 0);
          if (answer.balances.length > 0) deps.wallet.announceBalances(answer.balances);
          results[each.index] = { balance: answer.balance, transactionId: answer.transactionId, operatorTransactionId: answer.operatorTransactionId };
        } catch (error) {
          if (error instanceof ProviderError) results[each.index] = error;
          else throw error;
        }
      });
    }
  }

  const roundEnd = createRoundEnd({ db: deps.db });

  return {
    /** endRound: a round over with nothing more to pay (round-end.ts); endRounds: many at once (in process). */
    endRound: roundEnd.endRound,
    endRounds: roundEnd.endRounds,

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
      const { call, journal } = await betCall(vendorCode, request);
      return moneyCallback(call, journal);
    },

    /**
     * Many bets of one vendor in one statement and one transaction (in process only: the
     * sportsbook's placement batches). Each bet is checked as bet() checks it (amount, the 18+
     * rule with its replay exception) and is the same provider_money_callback — replay guard,
     * session, funds, round, stored answer — so each answer is the one bet() would give; a commit
     * per statement instead of one each (up to BET_BATCH_STATEMENTS statements of consecutive
     * members, run at once). The calls run in member order (then in the given order), so two
     * statements never lock the same members in opposite orders. If a statement fails (one refused,
     * e.g. insufficient funds or no session, or a deadlock), each of its bets is sent again on its
     * own, so each gets its own answer; a refusal is answered as its ProviderError.
     */
    async betBatch(vendorCode: string, requests: readonly BetRequest[]): Promise<Array<TransactionResponse | ProviderError>> {
      const results: Array<TransactionResponse | ProviderError> = new Array(requests.length);
      const prepared: BetInBatch[] = [];
      const memberIds = requests.flatMap((request) => (/^\d{1,18}$/.test(request.playerId) ? [BigInt(request.playerId)] : []));
      await Promise.all([prefetchAgeVerifications(memberIds), deps.prefetchBetGate?.(memberIds)]);
      await Promise.all(
        requests.map(async (request, index) => {
          try {
            const { call, journal } = await betCall(vendorCode, request);
            const wire = deps.wallet.prepareForSql(journal);
            prepared.push({ index, member: BigInt(call.member), call: { ...call, op: wire.op }, shard: wire.shard });
          } catch (error) {
            if (error instanceof ProviderError) results[index] = error;
            else throw error;
          }
        }),
      );
      if (prepared.length === 0) return results;
      prepared.sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : a.index - b.index));
      // A statement holds each member's row until it commits, so one long statement would hold a
      // busy member (and its house shard) for the whole batch and serialise every other batch
      // behind it: a big batch is cut into a few statements of consecutive members, run at once.
      const chunks: Array<typeof prepared> = [];
      const members = [...new Set(prepared.map((each) => each.member))];
      const count = Math.min(BET_BATCH_STATEMENTS, Math.ceil(prepared.length / BET_BATCH_MIN), members.length);
      const chunkOf = new Map(members.map((member, position) => [member, Math.floor((position * count) / members.length)]));
      for (const each of prepared) (chunks[chunkOf.get(each.member)!] ??= []).push(each);
      await Promise.all(chunks.map((chunk) => betStatement(chunk, results)));
      return results;
    },

    async win(vendorCode: string, request: WinRequest): Promise<TransactionResponse> {
      const { call, journal } = await winCall(vendorCode, request);
      return moneyCallback(call, journal);
    },

    /**
     * Many wins (or rollbacks) of one vendor in one statement and one transaction (in process
     * only: our own products settling many rounds at once, e.g. a sportsbook event's tickets, and
     * resettling them). Each is the same provider_money_callback as win() / rollback() — replay
     * guard, round, stored answer — so the answers are the ones they would give; one commit
     * instead of one each. The batch uses one house shard. If the statement fails (one refused,
     * a deadlock), every call is sent again on its own, so each gets its own answer; a refusal is
     * answered as its ProviderError.
     */
    async moneyBatch(vendorCode: string, action: 'win' | 'rollback', requests: ReadonlyArray<WinRequest | RollbackRequest>): Promise<Array<TransactionResponse | ProviderError>> {
      if (requests.length === 0) return [];
      const callOf = (request: WinRequest | RollbackRequest) => (action === 'win' ? winCall(vendorCode, request as WinRequest) : rollbackCall(vendorCode, request as RollbackRequest));
      const results: Array<TransactionResponse | ProviderError> = new Array(requests.length);
      const left = action === 'win' ? await payPlainWins(vendorCode, requests as readonly WinRequest[], results) : requests.map((_request, index) => index);
      if (left.length === 0) return results;
      try {
        const prepared = await Promise.all(
          left.map(async (index) => {
            const { call, journal } = await callOf(requests[index]!);
            const wire = journal ? deps.wallet.prepareForSql(journal) : null;
            return { ...call, op: wire?.op ?? null, shard: wire?.shard };
          }),
        );
        const shard = prepared.find((call) => call.shard !== undefined)?.shard ?? 0;
        const answers = await repository.moneyCallbacks(
          deps.db,
          prepared.map(({ shard: _shard, ...call }) => call),
          shard,
        );
        const balances = answers.flatMap((answer) => answer.balances);
        if (balances.length > 0) deps.wallet.announceBalances(balances);
        answers.forEach((answer, position) => {
          results[left[position]!] = { balance: answer.balance, transactionId: answer.transactionId, operatorTransactionId: answer.operatorTransactionId };
        });
      } catch {
        await eachInOrderPerPlayer(left, (index) => requests[index]!.playerId, async (index) => {
          try {
            const { call, journal } = await callOf(requests[index]!);
            results[index] = await moneyCallback(call, journal);
          } catch (error) {
            if (error instanceof ProviderError) results[index] = error;
            else throw error;
          }
        });
      }
      return results;
    },

    /**
     * Takes back a bet (a refund; the default) or, with originalAction 'win', a win: the win's
     * journal reversed once (a 0.00 win posted nothing and reverses nothing; before its win, a
     * tombstone refuses the late win). A bet rollback's content hash is unchanged, so replays of
     * rollbacks stored before originalAction existed still match.
     */
    async rollback(vendorCode: string, request: RollbackRequest): Promise<TransactionResponse> {
      const { call, journal } = rollbackCall(vendorCode, request);
      return moneyCallback(call, journal);
    },
  };
}

export type ProviderService = ReturnType<typeof createProviderService>;
