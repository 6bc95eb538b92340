import { BACCARAT_SPOTS, type BaccaratResult } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { allRouletteSpots } from './roulette.ts';
import { isValidLiveStake, liveBetTypeOf, settleLiveChip } from './spots.ts';

const bankerWin: BaccaratResult = { game: 'baccarat', playerCards: ['2S', '3S'], bankerCards: ['8H', 'KH'], playerTotal: 5, bankerTotal: 8, winner: 'banker', playerPair: false, bankerPair: false, natural: true };

describe('live spots', () => {
  it('names the bet type of every valid spot and nothing else', () => {
    for (const spot of BACCARAT_SPOTS) expect(liveBetTypeOf('baccarat', spot)).toBe(spot);
    expect(liveBetTypeOf('baccarat', 'red')).toBeNull();
    expect(liveBetTypeOf('baccarat', 'toString')).toBeNull();
    expect(liveBetTypeOf('roulette', 'player')).toBeNull();
    expect(liveBetTypeOf('roulette', 'corner:0-1-2-3')).toBe('corner');
    expect(liveBetTypeOf('roulette', 'split:1-3')).toBeNull();
    for (const spot of allRouletteSpots()) expect(liveBetTypeOf('roulette', spot), spot).not.toBeNull();
  });

  it('checks stakes', () => {
    expect(isValidLiveStake('baccarat', 'tie', 1n)).toBe(true);
    expect(isValidLiveStake('baccarat', 'tie', 0n)).toBe(false);
    expect(isValidLiveStake('roulette', 'neighbours:3', 500n)).toBe(true);
    expect(isValidLiveStake('roulette', 'neighbours:3', 501n)).toBe(false);
    expect(isValidLiveStake('roulette', 'straight:3', 501n)).toBe(true);
    expect(isValidLiveStake('roulette', 'straight:37', 500n)).toBe(false);
  });

  it('settles either game’s chip', () => {
    expect(settleLiveChip(bankerWin, 'banker', 1_000n)).toBe(1_950n);
    expect(settleLiveChip(bankerWin, 'player', 1_000n)).toBe(0n);
    expect(settleLiveChip({ game: 'roulette', number: 7, colour: 'red' }, 'red', 1_000n)).toBe(2_000n);
    expect(settleLiveChip({ game: 'roulette', number: 7, colour: 'red' }, 'straight:7', 1_000n)).toBe(36_000n);
    expect(() => settleLiveChip(bankerWin, 'red', 1_000n)).toThrow(RangeError);
    expect(() => settleLiveChip({ game: 'roulette', number: 7, colour: 'red' }, 'banker', 1_000n)).toThrow(RangeError);
  });
});
