import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRoundStream, hashServerSeed, verifyRound } from '../fairness/provably-fair.ts';
import { compileGame, evaluateLine, playRound, resolveBet, spin, spinAt, goldenJungle, luckyCarnival, pharaohsTreasure, SLOT_GAMES, type SlotGame } from '@app/house-games';

const SERVER_SEED = 'b'.repeat(64);
const streamFor = (nonce: number, clientSeed = 'engine-test') => createRoundStream({ serverSeed: SERVER_SEED, clientSeed, nonce });

/** A stop showing `symbol` on `row` of `reel` and, when given, avoiding `avoid` in the rest of the window. */
function stopShowing(game: SlotGame, reel: number, row: number, symbol: string, avoid: string[] = []): number {
  const strip = game.reels.strips[reel]!;
  for (let stop = 0; stop < strip.length; stop += 1) {
    const window = [0, 1, 2].map((r) => strip[(stop + r) % strip.length]!);
    if (window[row] === symbol && window.every((id, r) => r === row || !avoid.includes(id))) return stop;
  }
  throw new Error(`no stop shows ${symbol} on reel ${reel}`);
}
function stopAvoiding(game: SlotGame, reel: number, avoid: string[]): number {
  const strip = game.reels.strips[reel]!;
  for (let stop = 0; stop < strip.length; stop += 1) if ([0, 1, 2].every((r) => !avoid.includes(strip[(stop + r) % strip.length]!))) return stop;
  throw new Error('no such stop');
}

describe('line evaluation', () => {
  const game = compileGame(pharaohsTreasure);
  const line = (...ids: string[]) => {
    const win = evaluateLine(game, ids.map((id) => game.symbolIds.indexOf(id)));
    return win && { symbol: game.symbolIds[win.symbol], count: win.count, units: win.units };
  };

  it('pays left to right with the wild substituting', () => {
    expect(line('A', 'A', 'A', 'K', 'K')).toEqual({ symbol: 'A', count: 3, units: 10 });
    expect(line('A', 'WI', 'A', 'A', 'K')).toEqual({ symbol: 'A', count: 4, units: 30 });
    expect(line('WI', 'K', 'WI', 'K', 'K')).toEqual({ symbol: 'K', count: 5, units: 100 });
    expect(line('K', 'A', 'A', 'A', 'A')).toBeUndefined();
    expect(line('A', 'A', 'K', 'A', 'A')).toBeUndefined();
  });

  it('pays leading wilds as wilds when that pays more, else the substituted symbol', () => {
    expect(line('WI', 'WI', 'WI', 'WI', 'A')).toEqual({ symbol: 'WI', count: 4, units: 250 });
    expect(line('WI', 'WI', 'WI', 'T', 'T')).toEqual({ symbol: 'T', count: 5, units: 50 });
    expect(line('WI', 'WI', 'WI', 'WI', 'WI')).toEqual({ symbol: 'WI', count: 5, units: 1000 });
  });

  it('never lets the wild substitute for the scatter', () => {
    expect(line('SC', 'WI', 'WI', 'A', 'A')).toBeUndefined();
    expect(line('WI', 'WI', 'SC', 'SC', 'SC')).toBeUndefined();
    expect(line('WI', 'WI', 'WI', 'SC', 'A')).toEqual({ symbol: 'WI', count: 3, units: 50 });
  });
});

describe('spins on hand-made stops', () => {
  const game = pharaohsTreasure;

  it('shows the window from the stops and pays the middle line with a wild', () => {
    const stops = [stopShowing(game, 0, 1, 'A'), stopShowing(game, 1, 1, 'WI'), stopShowing(game, 2, 1, 'A'), stopShowing(game, 3, 1, 'K'), stopShowing(game, 4, 1, 'Q')];
    const result = spinAt(game, { lineBet: 5n }, stops);
    expect(result.window.map((reel) => reel[1])).toEqual(['A', 'WI', 'A', 'K', 'Q']);
    expect(result.window[0]).toEqual([0, 1, 2].map((row) => game.reels.strips[0]![(stops[0]! + row) % game.reels.strips[0]!.length]));
    expect(result.lineWins.find((win) => win.line === 0)).toEqual({ line: 0, symbol: 'A', count: 3, pay: 50n });
    const lineTotal = result.lineWins.reduce((sum, win) => sum + win.pay, 0n);
    expect(result.win).toBe(lineTotal + result.scatter.pay);
  });

  it('pays scatters anywhere on the total bet and awards free spins for 3+', () => {
    const stops = [stopShowing(game, 0, 0, 'SC'), stopAvoiding(game, 1, ['SC']), stopShowing(game, 2, 2, 'SC'), stopAvoiding(game, 3, ['SC']), stopShowing(game, 4, 1, 'SC')];
    const result = spinAt(game, { lineBet: 5n }, stops);
    expect(result.scatter).toEqual({ count: 3, pay: 2n * 100n });
    expect(result.freeSpinsAwarded).toBe(10);
    const two = spinAt(game, { lineBet: 5n }, [stops[0]!, stops[1]!, stops[2]!, stops[3]!, stopAvoiding(game, 4, ['SC'])]);
    expect(two.scatter).toEqual({ count: 2, pay: 0n });
    expect(two.freeSpinsAwarded).toBe(0);
  });

  it('multiplies free-spin wins by the game multiplier', () => {
    const stops = [stopShowing(game, 0, 1, 'A'), stopShowing(game, 1, 1, 'WI'), stopShowing(game, 2, 1, 'A'), stopShowing(game, 3, 1, 'K'), stopShowing(game, 4, 1, 'Q')];
    const base = spinAt(game, { lineBet: 5n }, stops, 'base');
    const free = spinAt(game, { lineBet: 5n }, stops, 'free');
    expect(free.win).toBe(base.win * 3n);
    expect(free.multiplier).toBe(3);
  });

  it('refuses stops outside the strip', () => {
    expect(() => spinAt(game, { lineBet: 1n }, [0, 0, 0, 0, 999])).toThrow(RangeError);
  });
});

describe('bets', () => {
  it('resolves line and total bets and refuses bad ones', () => {
    expect(resolveBet(pharaohsTreasure, { lineBet: 5n })).toEqual({ lineBet: 5n, lines: 20, totalBet: 100n });
    expect(resolveBet(goldenJungle, { totalBet: 250n })).toEqual({ lineBet: 10n, lines: 25, totalBet: 250n });
    expect(() => resolveBet(pharaohsTreasure, { totalBet: 101n })).toThrow();
    expect(() => resolveBet(pharaohsTreasure, { lineBet: 0n })).toThrow();
    expect(() => resolveBet(pharaohsTreasure, { lineBet: -1n })).toThrow();
  });

  it('scales every win exactly with the line bet (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SLOT_GAMES), fc.nat({ max: 100_000 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (game, nonce, lineBet) => {
        const unit = playRound(game, { lineBet: 1n }, streamFor(nonce));
        const scaled = playRound(game, { totalBet: lineBet * BigInt(game.paylines.length) }, streamFor(nonce));
        expect(scaled.totalWin).toBe(unit.totalWin * lineBet);
        expect(scaled.base.stops).toEqual(unit.base.stops);
        expect(scaled.freeSpins.length).toBe(unit.freeSpins.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('rounds', () => {
  it('are deterministic, add up, and verify from the revealed seed (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SLOT_GAMES), fc.nat({ max: 1_000_000 }), (game, nonce) => {
        const round = playRound(game, { lineBet: 3n }, streamFor(nonce));
        expect(playRound(game, { lineBet: 3n }, streamFor(nonce))).toEqual(round);
        const sum = [round.base, ...round.freeSpins].reduce((total, result) => total + result.win, 0n);
        expect(round.totalWin).toBe(sum);
        const verified = verifyRound({ serverSeed: SERVER_SEED, serverSeedHash: hashServerSeed(SERVER_SEED), clientSeed: 'engine-test', nonce }, (stream) => playRound(game, { lineBet: 3n }, stream));
        expect(verified).toEqual({ valid: true, outcome: round });
      }),
      { numRuns: 300 },
    );
  });

  it('plays triggered free spins from the same stream, up to the cap', () => {
    const capped: SlotGame = { ...luckyCarnival, freeSpins: { ...luckyCarnival.freeSpins, maxFreeSpins: 3 } };
    let checked = 0;
    for (let nonce = 0; nonce < 3000 && checked < 5; nonce += 1) {
      const round = playRound(luckyCarnival, { lineBet: 1n }, streamFor(nonce));
      if (round.base.freeSpinsAwarded === 0) {
        expect(round.freeSpins).toEqual([]);
        continue;
      }
      checked += 1;
      expect(round.freeSpins.length).toBeGreaterThanOrEqual(8);
      expect(round.freeSpins.length).toBe(Math.min(round.freeSpinsAwarded, luckyCarnival.freeSpins.maxFreeSpins));
      expect(round.freeSpins.every((free) => free.mode === 'free' && free.multiplier === 2)).toBe(true);
      const small = playRound(capped, { lineBet: 1n }, streamFor(nonce));
      expect(small.base).toEqual(round.base);
      expect(small.freeSpins).toEqual(round.freeSpins.slice(0, 3));
    }
    expect(checked).toBe(5);
  });

  it('draws free spins on the free-spin reels', () => {
    const stream = streamFor(1);
    const result = spin(goldenJungle, { lineBet: 1n }, stream, 'free');
    const strips = goldenJungle.freeSpins.reels!.strips;
    result.window.forEach((reel, index) => expect(reel[0]).toBe(strips[index]![result.stops[index]!]));
    expect(result.scatter.count).toBe(0);
  });
});
