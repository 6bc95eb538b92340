import type { LotteryBetTypeRule } from '@app/contracts';

/** A uniform integer in [0, bound) from the browser's CSPRNG (rejection sampling: no modulo bias). */
export function randomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % bound;
  }
}

/** Every value the bet type accepts, for the pads that list them (2 digits: 00–99). */
export function allValues(rule: LotteryBetTypeRule): string[] | null {
  if (rule.selection.kind === 'options') return [...rule.selection.options];
  if (rule.selection.digits === 2) return Array.from({ length: 100 }, (_, index) => String(index).padStart(2, '0'));
  return null;
}

function randomDigits(digits: number): string {
  return String(randomBelow(10 ** digits)).padStart(digits, '0');
}

/**
 * `count` distinct random selections the bet type accepts, none of those already picked
 * (quick pick fills a ticket to its minimum, or adds one more).
 */
export function quickPick(rule: LotteryBetTypeRule, count: number, taken: readonly string[] = []): string[] {
  const used = new Set(taken);
  const picked: string[] = [];
  const pool = allValues(rule)?.filter((value) => !used.has(value));
  if (pool) {
    while (picked.length < count && pool.length > 0) picked.push(pool.splice(randomBelow(pool.length), 1)[0]!);
    return picked;
  }
  const digits = rule.selection.kind === 'digits' ? rule.selection.digits : 2;
  for (let attempt = 0; picked.length < count && attempt < count * 20; attempt += 1) {
    const value = randomDigits(digits);
    if (!used.has(value)) {
      used.add(value);
      picked.push(value);
    }
  }
  return picked;
}
