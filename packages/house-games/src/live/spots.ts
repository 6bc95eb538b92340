import { BACCARAT_SPOTS, type BaccaratSpot, type LiveGame, type LiveResult } from '@app/contracts';
import { settleBaccaratChip } from './baccarat.ts';
import { isValidRouletteStake, parseRouletteSpot, settleRouletteChip } from './roulette.ts';

/**
 * One entry point for both games, for the server's bet intake (which spot strings exist, and the
 * bet type whose table limits apply) and its settlement.
 */
export function isBaccaratSpot(spot: string): spot is BaccaratSpot {
  return (BACCARAT_SPOTS as readonly string[]).includes(spot);
}

/** The bet type a spot belongs to (baccarat: the spot itself; roulette: straight, split, …), or null for an invalid spot. */
export function liveBetTypeOf(game: LiveGame, spot: string): string | null {
  if (game === 'baccarat') return isBaccaratSpot(spot) ? spot : null;
  return parseRouletteSpot(spot)?.type ?? null;
}

/** Whether a chip may be staked: a valid spot, a positive amount, and for neighbours a multiple of 5 centavos. */
export function isValidLiveStake(game: LiveGame, spot: string, amount: bigint): boolean {
  if (game === 'baccarat') return isBaccaratSpot(spot) && amount > 0n;
  return isValidRouletteStake(spot, amount);
}

/** What a chip returns for a round's result, stake included (0 when lost); RangeError for a spot of the other game or an invalid one. */
export function settleLiveChip(result: LiveResult, spot: string, amount: bigint): bigint {
  if (result.game === 'roulette') return settleRouletteChip(spot, amount, result.number);
  if (!isBaccaratSpot(spot)) throw new RangeError(`not a baccarat spot: ${JSON.stringify(spot)}`);
  return settleBaccaratChip(spot, amount, result);
}
