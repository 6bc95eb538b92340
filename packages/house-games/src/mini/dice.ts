import { formatCents } from '@app/kernel';
import type { RandomStream } from '../stream.ts';
import { hundredths, type MiniGame } from './mini-game.ts';

/**
 * Dice: a roll from 0.00 to 100.00 (10,001 equally likely values, an exact uniform draw). "Over"
 * wins above the target, "under" below it. The multiplier pays 99 % of the fair odds, rounded
 * down to 4 places: multiplier = floor(0.99 × 10,001 / winning values × 10⁴) / 10⁴.
 */
export interface DiceParams {
  direction: 'over' | 'under';
  /** Target in hundredths: 200 … 9800 (2.00 … 98.00). */
  target: number;
}
export interface DiceOutcome {
  direction: 'over' | 'under';
  target: string;
  /** The roll, "0.00" … "100.00". */
  roll: string;
  won: boolean;
}

const OUTCOMES = 10_001;
export const DICE_TARGET_RANGE = { min: 200, max: 9800 } as const;

function winningValues(params: DiceParams): number {
  return params.direction === 'over' ? 10_000 - params.target : params.target;
}

export function diceMultiplier(params: DiceParams): bigint {
  return 99_009_900n / BigInt(winningValues(params));
}

/** Hundredths as "49.50". */
const text = (value: number) => formatCents(BigInt(value));

export const dice: MiniGame<DiceParams, DiceOutcome> = {
  code: 'dados',
  name: { pt: 'Dados', en: 'Dice' },
  parse(input) {
    const raw = input as { direction?: unknown; target?: unknown } | null;
    const target = hundredths(raw?.target);
    if (raw?.direction !== 'over' && raw?.direction !== 'under') return undefined;
    if (target === undefined || target < DICE_TARGET_RANGE.min || target > DICE_TARGET_RANGE.max) return undefined;
    return { direction: raw.direction, target };
  },
  play(params, stream: RandomStream) {
    const roll = stream.nextInt(OUTCOMES);
    const won = params.direction === 'over' ? roll > params.target : roll < params.target;
    return { outcome: { direction: params.direction, target: text(params.target), roll: text(roll), won }, multiplier: won ? diceMultiplier(params) : 0n };
  },
  rtp(params) {
    return (winningValues(params) / OUTCOMES) * (Number(diceMultiplier(params)) / 10_000);
  },
};
