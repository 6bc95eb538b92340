import type { i18n as I18n } from 'i18next';
import type { PlaceTicketRequest, SportsbookBetType, SportsbookTicket } from '@app/contracts';
import { formatCents } from '@app/kernel';
import { ApiError } from '../../../shared/api-client.ts';
import { translateError } from '../../../shared/error-message.ts';
import { placeTicketRequest, ticketRequest } from '../api/sportsbook.api.ts';
import { comboFigures, MAX_COMBINATIONS, oddsToThousandths, parseStake, potentialReturnCents } from './slip-math.ts';
import { selectionKey, type SlipSelection, type SlipState } from './slip-store.ts';

export type StakeProblem = 'stakeRequired' | 'stakeInvalid' | 'stakeTooSmall';

export function stakeProblem(stake: string): StakeProblem | null {
  if (stake.trim() === '') return 'stakeRequired';
  const cents = parseStake(stake);
  if (cents === null) return 'stakeInvalid';
  return cents < 1n ? 'stakeTooSmall' : null;
}

/** The ticket's bet type on the wire. */
export function wireBetType(slip: SlipState): SportsbookBetType {
  if (slip.betType === 'accumulator') return { kind: 'accumulator' };
  if (slip.betType === 'system') return slip.system.preset ? { kind: 'system_preset', preset: slip.system.preset } : { kind: 'system', sizes: slip.system.sizes };
  return { kind: 'single' };
}

export interface SlipFigures {
  betCount: number;
  totalStakeCents: bigint;
  returnCents: bigint;
  /** Singles with a stake typed (each is a ticket of its own). */
  stakedSingles: SlipSelection[];
  tooManyCombinations: boolean;
}

export function slipFigures(slip: SlipState): SlipFigures {
  if (slip.betType === 'single') {
    const stakedSingles = slip.selections.filter((item) => (parseStake(item.stake ?? '') ?? 0n) > 0n);
    let totalStakeCents = 0n;
    let returnCents = 0n;
    for (const item of stakedSingles) {
      const cents = parseStake(item.stake ?? '') ?? 0n;
      totalStakeCents += cents;
      returnCents += potentialReturnCents(cents, [item.odds]);
    }
    return { betCount: stakedSingles.length, totalStakeCents, returnCents, stakedSingles, tooManyCombinations: false };
  }
  const figures = comboFigures(wireBetType(slip), slip.selections.map((item) => item.odds), parseStake(slip.stake) ?? 0n, slip.betType === 'system' ? slip.stakeMode : 'unit');
  return { betCount: figures.betCount, totalStakeCents: figures.totalStakeCents, returnCents: figures.returnCents, stakedSingles: [], tooManyCombinations: figures.betCount > MAX_COMBINATIONS };
}

/** What stops the slip before anything is sent: per-selection stake problems (singles) or the slip's own. */
export function slipProblems(slip: SlipState, figures: SlipFigures): { legs: Map<string, StakeProblem>; slip: StakeProblem | 'stakeBelowBets' | null } {
  const legs = new Map<string, StakeProblem>();
  if (slip.betType === 'single') {
    for (const item of slip.selections) {
      const stake = item.stake ?? '';
      const problem = stake.trim() === '' ? null : stakeProblem(stake);
      if (problem) legs.set(selectionKey(item), problem);
    }
    return { legs, slip: figures.stakedSingles.length === 0 && legs.size === 0 ? 'stakeRequired' : null };
  }
  const problem = stakeProblem(slip.stake);
  if (problem) return { legs, slip: problem };
  if (slip.betType === 'system' && slip.stakeMode === 'total' && (parseStake(slip.stake) ?? 0n) < BigInt(figures.betCount)) return { legs, slip: 'stakeBelowBets' };
  return { legs, slip: null };
}

const PENDING_POLL_MS = 1_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live ticket waits out the acceptance delay: ask for it until it stands or is refused. */
async function settledAnswer(ticket: SportsbookTicket): Promise<SportsbookTicket> {
  let current = ticket;
  for (let attempt = 0; current.status === 'pending_delay' && attempt < 60; attempt += 1) {
    await wait(PENDING_POLL_MS);
    current = await ticketRequest(current.id);
  }
  return current;
}

const leg = (item: SlipSelection) => ({ eventId: item.eventId, marketKey: item.marketKey, outcomeId: item.outcomeId, odds: oddsToThousandths(item.odds) });

export interface PlacementResult {
  placed: { key: string | null; ticket: SportsbookTicket }[];
  /** key: the single's selection; null: the whole (combination) ticket. */
  refused: { key: string | null; message: string }[];
}

/** Sends one ticket and waits for it to stand or be refused; a refusal is translated. */
async function placeOne(i18n: I18n, request: PlaceTicketRequest): Promise<{ ticket: SportsbookTicket } | { message: string }> {
  try {
    const ticket = await settledAnswer(await placeTicketRequest(request));
    if (ticket.status === 'refused') return { message: translateError(i18n, new ApiError(409, ticket.refusalCode ?? 'unknown', 'refused')) };
    return { ticket };
  } catch (error) {
    return { message: translateError(i18n, error) };
  }
}

/**
 * Places the slip: singles as one ticket each (request ids `<base>-<n>`, so a retry of the same
 * submission places each once), an accumulator or a system as one ticket.
 */
export async function placeSlip(i18n: I18n, slip: SlipState, figures: SlipFigures, requestBase: string): Promise<PlacementResult> {
  const result: PlacementResult = { placed: [], refused: [] };
  const common = { oddsPolicy: slip.oddsPolicy } as const;
  if (slip.betType === 'single') {
    for (const item of figures.stakedSingles) {
      const index = slip.selections.indexOf(item);
      const key = selectionKey(item);
      const answer = await placeOne(i18n, { ...common, requestId: `${requestBase}-${index}`, betType: { kind: 'single' }, stakeMode: 'unit', stake: formatCents(parseStake(item.stake ?? '') ?? 0n), legs: [leg(item)] });
      if ('ticket' in answer) result.placed.push({ key, ticket: answer.ticket });
      else result.refused.push({ key, message: answer.message });
    }
    return result;
  }
  const answer = await placeOne(i18n, {
    ...common,
    requestId: requestBase,
    betType: wireBetType(slip),
    stakeMode: slip.betType === 'system' ? slip.stakeMode : 'unit',
    stake: formatCents(parseStake(slip.stake) ?? 0n),
    legs: slip.selections.map(leg),
  });
  if ('ticket' in answer) result.placed.push({ key: null, ticket: answer.ticket });
  else result.refused.push({ key: null, message: answer.message });
  return result;
}
