import type { BaccaratSpot } from '@app/contracts';
import { BACCARAT_PAYOUTS, bankerDraws, playerDraws } from './baccarat.ts';
import { BACCARAT_DECKS, CARD_RANKS } from './cards.ts';

/**
 * The baccarat return to player by exact enumeration, without replacement, of every way the
 * shoe's first cards can fall: no simulation, no formula taken on trust. Only points matter to
 * the winner, so the shoe is ten point values with counts (eight decks: 0 × 128 — tens and
 * pictures — and 1–9 × 32 each) and each sequence of values is weighted by how many card
 * sequences give it. Pairs need ranks, so they are enumerated rank by rank (13 ranks × 4·decks).
 *
 * Every hand is weighted over six cards (a hand of four or five cards stands for all the ways the
 * unused cards could follow), so the three outcomes share one denominator N·(N−1)·…·(N−5).
 */
export interface BaccaratOdds {
  /** Ways (weighted card sequences) the player, the banker, or neither wins. */
  player: bigint;
  banker: bigint;
  tie: bigint;
  /** N·(N−1)·…·(N−5): player + banker + tie. */
  denominator: bigint;
  /** Ways the player's (resp. banker's) first two cards share a rank, over N·(N−1)·(N−2)·(N−3). */
  playerPair: bigint;
  bankerPair: bigint;
  pairDenominator: bigint;
}

type Tally = [player: number, banker: number, tie: number];

function add(tally: Tally, playerTotal: number, bankerTotal: number, ways: number): void {
  const index = playerTotal > bankerTotal ? 0 : bankerTotal > playerTotal ? 1 : 2;
  tally[index] += ways;
}

/**
 * The weighted outcomes once the four first cards are out (`left` cards remain in `counts`),
 * over the two cards that may follow. Weights stay below 2^53 (at most left·(left−1)).
 */
function finishHand(counts: number[], left: number, player: number, banker: number): Tally {
  const tally: Tally = [0, 0, 0];
  const twoMore = left * (left - 1);
  if (player >= 8 || banker >= 8) {
    add(tally, player, banker, twoMore);
    return tally;
  }
  if (!playerDraws(player)) {
    if (!bankerDraws(banker, null)) add(tally, player, banker, twoMore);
    else for (let value = 0; value < 10; value += 1) add(tally, player, (banker + value) % 10, counts[value]! * (left - 1));
    return tally;
  }
  for (let third = 0; third < 10; third += 1) {
    const ways = counts[third]!;
    if (ways === 0) continue;
    const playerTotal = (player + third) % 10;
    if (!bankerDraws(banker, third)) {
      add(tally, playerTotal, banker, ways * (left - 1));
      continue;
    }
    counts[third] = ways - 1;
    for (let value = 0; value < 10; value += 1) add(tally, playerTotal, (banker + value) % 10, ways * counts[value]!);
    counts[third] = ways;
  }
  return tally;
}

function fallingProduct(from: number, terms: number): bigint {
  let product = 1n;
  for (let k = 0; k < terms; k += 1) product *= BigInt(from - k);
  return product;
}

function winnerOdds(decks: number): Pick<BaccaratOdds, 'player' | 'banker' | 'tie' | 'denominator'> {
  const size = 52 * decks;
  const counts = Array.from({ length: 10 }, (_, value) => (value === 0 ? 16 : 4) * decks);
  const totals = [0n, 0n, 0n];
  // Cards 1–4 (player, banker, player, banker), each weighted by how many cards of that value are left.
  const deal = (depth: number, weight: number, player: number, banker: number): void => {
    if (depth === 4) {
      const tally = finishHand(counts, size - 4, player, banker);
      for (let index = 0; index < 3; index += 1) totals[index]! += BigInt(weight) * BigInt(tally[index]!);
      return;
    }
    for (let value = 0; value < 10; value += 1) {
      const ways = counts[value]!;
      if (ways === 0) continue;
      counts[value] = ways - 1;
      const toPlayer = depth % 2 === 0;
      deal(depth + 1, weight * ways, toPlayer ? (player + value) % 10 : player, toPlayer ? banker : (banker + value) % 10);
      counts[value] = ways;
    }
  };
  deal(0, 1, 0, 0);
  return { player: totals[0]!, banker: totals[1]!, tie: totals[2]!, denominator: fallingProduct(size, 6) };
}

/** Rank-level enumeration of the first four cards: player's are cards 1 and 3, banker's 2 and 4. */
function pairOdds(decks: number): Pick<BaccaratOdds, 'playerPair' | 'bankerPair' | 'pairDenominator'> {
  const counts = CARD_RANKS.map(() => 4 * decks);
  let playerPair = 0n;
  let bankerPair = 0n;
  const ranks: number[] = [];
  const deal = (depth: number, weight: bigint): void => {
    if (depth === 4) {
      if (ranks[0] === ranks[2]) playerPair += weight;
      if (ranks[1] === ranks[3]) bankerPair += weight;
      return;
    }
    for (let rank = 0; rank < counts.length; rank += 1) {
      const ways = counts[rank]!;
      counts[rank] = ways - 1;
      ranks[depth] = rank;
      deal(depth + 1, weight * BigInt(ways));
      counts[rank] = ways;
    }
  };
  deal(0, 1n);
  return { playerPair, bankerPair, pairDenominator: fallingProduct(52 * decks, 4) };
}

const oddsByDecks = new Map<number, BaccaratOdds>();

export function baccaratOdds(decks = BACCARAT_DECKS): BaccaratOdds {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new RangeError(`decks must be 1–8, got ${decks}`);
  let odds = oddsByDecks.get(decks);
  if (!odds) {
    odds = { ...winnerOdds(decks), ...pairOdds(decks) };
    oddsByDecks.set(decks, odds);
  }
  return odds;
}

/** numerator / denominator as a float, correct to the last few bits even for huge integers. */
function ratio(numerator: bigint, denominator: bigint): number {
  const scale = 10n ** 18n;
  return Number((numerator * scale) / denominator) / 1e18;
}

/** The return per unit staked on each spot, from the exact odds and BACCARAT_PAYOUTS. */
export function baccaratRtp(decks = BACCARAT_DECKS): Record<BaccaratSpot, number> {
  const odds = baccaratOdds(decks);
  const back = (spot: BaccaratSpot) => 100n + BACCARAT_PAYOUTS[spot].paysHundredths;
  const onWinner = (wins: bigint, spot: BaccaratSpot) => ratio(wins * back(spot) + (BACCARAT_PAYOUTS[spot].pushOnTie ? odds.tie * 100n : 0n), odds.denominator * 100n);
  return {
    player: onWinner(odds.player, 'player'),
    banker: onWinner(odds.banker, 'banker'),
    tie: onWinner(odds.tie, 'tie'),
    player_pair: ratio(odds.playerPair * back('player_pair'), odds.pairDenominator * 100n),
    banker_pair: ratio(odds.bankerPair * back('banker_pair'), odds.pairDenominator * 100n),
  };
}
