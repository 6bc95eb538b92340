import { AppError, formatCents, type ErrorCode } from '@app/kernel';
import { validateSelections, ticketTotalCents, countLotteryCombinations, type LotteryPrizeMode, type PlaceLotteryTicketRequest } from '@app/contracts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { exposurePerNumber } from './exposure.ts';
import type { LotteryMoney, MoneyCallResult } from './provider-money.ts';
import * as repository from './tickets.repository.ts';

/**
 * Placement in batches, the sportsbook's group commit (sportsbook/tickets/placement-batch.ts)
 * applied to draws (issue 24's ≥ 1,000 tickets/s): placements queue here and each batch takes
 * what queued while the one before it was being accepted (at most MAX_BATCH), so a quiet draw
 * places each ticket alone at once and a busy one amortises. A batch is
 *  1. one transaction: the batch's draws read FOR SHARE (the close's UPDATE waits for it; a batch
 *     after the close reads it closed — no ticket is accepted after close, racing included), the
 *     stored request ids, the odds tables, the numbers' exposure rows locked; each ticket decided
 *     in arrival order (its own refusal; the exposure counts the batch's earlier tickets), one
 *     insert of the accepted tickets as pending_debit and one exposure update;
 *  2. one bet batch through the provider protocol (per vendor);
 *  3. one update opening those debited; the refused ones refused with their code and their
 *     exposure taken back.
 * A batch whose transaction fails for anything but a refusal is run again one ticket each.
 */
export const PLACEMENT_LANES = 3;
export const MAX_BATCH = 64;
const RETRYABLE = new Set(['40P01', '40001']);

export interface PlacementRequest {
  memberId: bigint;
  input: PlaceLotteryTicketRequest;
  requestHash: string;
  unitStakeCents: bigint;
  expectedTotalCents: bigint;
}

export type PlacementOutcome =
  | { kind: 'existing' }
  | { kind: 'accepted'; id: bigint; debit: { result: MoneyCallResult } | { error: unknown } };

type Accepted = { kind: 'accepted'; ticket: repository.NewTicket; vendorCode: string; perNumber: bigint; id?: bigint };
type Decision = { kind: 'existing' } | { kind: 'refused'; error: AppError } | Accepted;

const refusal = (code: ErrorCode, details?: Record<string, unknown>) => ({ kind: 'refused', error: new AppError(code, 'the ticket cannot be accepted', details) }) as const;
const requestKey = (memberId: bigint, requestId: string) => `${memberId}/${requestId}`;

async function acceptBatch(tx: DbExecutor, requests: readonly PlacementRequest[], now: Date): Promise<Decision[]> {
  const drawIds = [...new Set(requests.map((request) => BigInt(request.input.drawId)))];
  const draws = await repository.shareDrawsForPlacement(tx, drawIds);
  const stored = await repository.storedRequests(tx, requests.map((request) => ({ memberId: request.memberId, requestId: request.input.requestId })));
  const odds = await repository.oddsFor(tx, [...new Set([...draws.values()].map((draw) => draw.game_code))]);
  const numberCaps = new Map<string, bigint>();
  const exposure = await repository.lockExposure(
    tx,
    requests.flatMap((request) => (draws.has(BigInt(request.input.drawId)) ? request.input.selections.map((number) => ({ drawId: BigInt(request.input.drawId), number })) : [])),
    numberCaps,
  );
  const added = new Map<string, bigint>();
  const seen = new Map(stored);
  const decisions = requests.map((request): Decision => {
    const { input } = request;
    const key = requestKey(request.memberId, input.requestId);
    const hash = seen.get(key);
    if (hash !== undefined) return hash === request.requestHash ? { kind: 'existing' } : refusal('lottery.request_conflict');
    const drawId = BigInt(input.drawId);
    const draw = draws.get(drawId);
    if (!draw) return refusal('lottery.draw_not_found');
    if (draw.status !== 'open' || draw.closes_at <= now) return refusal('lottery.draw_closed');
    const prizeMode: LotteryPrizeMode = input.prizeMode ?? draw.prize_modes[0]!;
    const table = draw.prize_modes.includes(prizeMode) ? odds.get(`${draw.game_code}/${prizeMode}/${input.betType}`) : undefined;
    if (!table) return refusal('lottery.bet_type_unavailable');
    const check = validateSelections(draw.family, input.betType, input.selections);
    if (!check.ok) return refusal(check.reason === 'bet_type_unavailable' ? 'lottery.bet_type_unavailable' : 'lottery.invalid_selection');
    const total = ticketTotalCents(draw.family, input.betType, check.selections, request.unitStakeCents);
    if (total !== request.expectedTotalCents) return refusal('lottery.total_mismatch', { total: formatCents(total) });
    if (request.unitStakeCents < BigInt(draw.min_stake_cents)) return refusal('lottery.stake_below_min', { minimum: formatCents(BigInt(draw.min_stake_cents)) });
    if (total > BigInt(draw.max_stake_cents)) return refusal('lottery.stake_above_max', { maximum: formatCents(BigInt(draw.max_stake_cents)) });
    const perNumber = exposurePerNumber({ family: draw.family, betType: input.betType, selections: check.selections, unitStakeCents: request.unitStakeCents, odds: table });
    const cap = BigInt(draw.number_liability_cents);
    const full = check.selections.filter((number) => (exposure.get(`${drawId}/${number}`) ?? 0n) + (added.get(`${drawId}/${number}`) ?? 0n) + perNumber > (numberCaps.get(`${drawId}/${number}`) ?? cap));
    if (full.length > 0) return refusal('lottery.number_limit_reached', { numbers: full });
    for (const number of check.selections) added.set(`${drawId}/${number}`, (added.get(`${drawId}/${number}`) ?? 0n) + perNumber);
    seen.set(key, request.requestHash);
    return {
      kind: 'accepted',
      vendorCode: draw.vendor_code,
      perNumber,
      ticket: {
        memberId: request.memberId,
        requestId: input.requestId,
        requestHash: request.requestHash,
        drawId,
        gameCode: draw.game_code,
        betType: input.betType,
        prizeMode,
        selections: check.selections,
        combinations: countLotteryCombinations(draw.family, input.betType, check.selections),
        unitStakeCents: request.unitStakeCents,
        totalStakeCents: total,
        odds: table,
      },
    };
  });
  const accepted = decisions.filter((decision): decision is Accepted => decision.kind === 'accepted');
  if (accepted.length === 0) return decisions;
  const ids = await repository.insertTickets(tx, accepted.map((decision) => decision.ticket));
  const stored2 = accepted.filter((decision) => ids.has(requestKey(decision.ticket.memberId, decision.ticket.requestId)));
  await repository.addExposure(tx, stored2.flatMap((decision) => decision.ticket.selections.map((number) => ({ drawId: decision.ticket.drawId, number, cents: decision.perNumber, tickets: 1 }))));
  return decisions.map((decision) => {
    if (decision.kind !== 'accepted') return decision;
    const id = ids.get(requestKey(decision.ticket.memberId, decision.ticket.requestId));
    return id === undefined ? { kind: 'existing' } : { ...decision, id };
  });
}

interface Pending {
  request: PlacementRequest;
  resolve: (outcome: PlacementOutcome) => void;
  reject: (error: unknown) => void;
}

export function createPlacementBatcher(deps: { db: Db; logger: Logger; money: LotteryMoney; now: () => Date; lanes?: number; maxBatch?: number }) {
  const lanes = deps.lanes ?? PLACEMENT_LANES;
  const maxBatch = deps.maxBatch ?? MAX_BATCH;
  const queue: Pending[] = [];

  async function accept(batch: Pending[]): Promise<Decision[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await deps.db.transaction().execute((tx) => acceptBatch(tx, batch.map((each) => each.request), deps.now()));
      } catch (error) {
        if (attempt >= 3 || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  }

  async function run(batch: Pending[], accepted: () => void): Promise<void> {
    let decisions: Decision[];
    try {
      decisions = await accept(batch);
    } catch (error) {
      accepted();
      if (batch.length > 1) {
        deps.logger.warn({ err: error, tickets: batch.length }, 'lottery placement batch failed; placing its tickets one by one');
        await Promise.all(batch.map((each) => run([each], () => undefined)));
      } else batch[0]!.reject(error);
      return;
    }
    accepted();
    const later: Array<() => void> = [];
    const toDebit: Array<{ pending: Pending; decision: Accepted & { id: bigint } }> = [];
    batch.forEach((pending, index) => {
      const decision = decisions[index]!;
      if (decision.kind === 'refused') pending.reject(decision.error);
      else if (decision.kind === 'existing') later.push(() => pending.resolve({ kind: 'existing' }));
      else toDebit.push({ pending, decision: decision as Accepted & { id: bigint } });
    });
    if (toDebit.length > 0) {
      let results: MoneyCallResult[] | undefined;
      let failure: unknown;
      try {
        results = await deps.money.debitMany(
          toDebit.map(({ decision }) => ({ memberId: decision.ticket.memberId, ticketId: decision.id, vendorCode: decision.vendorCode, gameCode: decision.ticket.gameCode, amount: formatCents(decision.ticket.totalStakeCents) })),
        );
      } catch (error) {
        failure = error;
      }
      if (results) {
        try {
          await repository.openTickets(deps.db, toDebit.filter((_, index) => results![index]!.ok).map(({ decision }) => decision.id));
        } catch (error) {
          // The stakes are taken; the tickets stay pending_debit (the recovery job refunds them if never opened).
          deps.logger.error({ err: error, tickets: toDebit.length }, 'lottery tickets debited but not opened');
        }
      }
      toDebit.forEach(({ pending, decision }, index) => pending.resolve({ kind: 'accepted', id: decision.id, debit: results ? { result: results[index]! } : { error: failure } }));
    }
    for (const answer of later) answer();
  }

  let accepting = false;
  let inFlight = 0;
  function pump(): void {
    if (accepting || inFlight >= lanes || queue.length === 0) return;
    const batch = queue.splice(0, maxBatch);
    accepting = true;
    inFlight += 1;
    let freed = false;
    const accepted = () => {
      if (freed) return;
      freed = true;
      accepting = false;
      pump();
    };
    run(batch, accepted)
      .catch((error: unknown) => {
        for (const each of batch) each.reject(error);
      })
      .finally(() => {
        accepted();
        inFlight -= 1;
        pump();
      });
  }

  return {
    submit(request: PlacementRequest): Promise<PlacementOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ request, resolve, reject });
        pump();
      });
    },
  };
}

export type PlacementBatcher = ReturnType<typeof createPlacementBatcher>;
