import { createHash, randomInt } from 'node:crypto';

/** One prize of a table version, amounts in centavos. */
export interface PrizeRow {
  seq: number;
  labelPt: string;
  labelEn: string;
  kind: 'cash' | 'bonus' | 'nothing';
  amount: bigint;
  wageringMultiple: number | null;
  expiryDays: number | null;
  weight: number;
}

export interface PrizeRange {
  prize: PrizeRow;
  /** The numbers [from, to) that win it, within [0, total). */
  from: number;
  to: number;
}

/** Each prize's range of numbers, in table order: cumulative weights. */
export function rangesOf(prizes: readonly PrizeRow[]): { ranges: PrizeRange[]; total: number } {
  let total = 0;
  const ranges = prizes.map((prize) => {
    const from = total;
    total += prize.weight;
    return { prize, from, to: total };
  });
  return { ranges, total };
}

/** The prize whose range holds `value`. */
export function prizeAt(prizes: readonly PrizeRow[], value: number): PrizeRow {
  const { ranges, total } = rangesOf(prizes);
  if (!Number.isInteger(value) || value < 0 || value >= total) throw new RangeError(`${value} is outside [0, ${total})`);
  return ranges.find((range) => value < range.to)!.prize;
}

/** A draw: a number from node:crypto, uniform over [0, total weight), and the prize it falls on. */
export function drawPrize(prizes: readonly PrizeRow[], random: (max: number) => number = randomInt): { value: number; total: number; prize: PrizeRow } {
  const { total } = rangesOf(prizes);
  const value = random(total);
  return { value, total, prize: prizeAt(prizes, value) };
}

/**
 * The table's fingerprint, published with it and recorded with each draw: sha-256 of the
 * canonical JSON of its rows (seq order, amounts in centavos), so a player can check that the
 * table shown is the one the draw used.
 */
export function tableHash(prizes: readonly PrizeRow[]): string {
  const canonical = [...prizes]
    .sort((a, b) => a.seq - b.seq)
    .map((prize) => [prize.seq, prize.labelPt, prize.labelEn, prize.kind, prize.amount.toString(), prize.wageringMultiple, prize.expiryDays, prize.weight]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Raffle winners without repetition: for each place, a ticket is drawn with node:crypto among the
 * tickets still in the draw, and its member leaves the draw with all their tickets.
 */
export function drawRaffle(entries: ReadonlyMap<bigint, number>, places: number, random: (max: number) => number = randomInt): { memberId: bigint; value: number; ticketsInDraw: number }[] {
  const pool = [...entries].filter(([, tickets]) => tickets > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const winners: { memberId: bigint; value: number; ticketsInDraw: number }[] = [];
  while (winners.length < places && pool.length > 0) {
    const ticketsInDraw = pool.reduce((sum, [, tickets]) => sum + tickets, 0);
    const value = random(ticketsInDraw);
    let upTo = 0;
    const index = pool.findIndex(([, tickets]) => value < (upTo += tickets));
    const [memberId] = pool.splice(index, 1)[0]!;
    winners.push({ memberId, value, ticketsInDraw });
  }
  return winners;
}
