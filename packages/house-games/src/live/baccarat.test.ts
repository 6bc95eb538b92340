import type { BaccaratResult, BaccaratSpot } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { BACCARAT_PAYOUTS, bankerDraws, dealBaccaratHand, playerDraws, settleBaccaratChip } from './baccarat.ts';
import { baccaratOdds, baccaratRtp } from './baccarat-rtp.ts';

/** A card of the given points (0 is a king). */
const card = (points: number, suit = 'S') => (points === 0 ? 'K' : points === 1 ? 'A' : String(points)) + suit;

/**
 * The standard tableau: rows are the banker's two-card total 0–7, columns the player's third
 * card — first "player stood", then its points 0–9. D draws, S stands.
 */
const TABLEAU: Record<number, string> = {
  0: 'D DDDDDDDDDD',
  1: 'D DDDDDDDDDD',
  2: 'D DDDDDDDDDD',
  3: 'D DDDDDDDDSD',
  4: 'D SSDDDDDDSS',
  5: 'D SSSSDDDDSS',
  6: 'S SSSSSSDDSS',
  7: 'S SSSSSSSSSS',
};

describe('the third-card rules', () => {
  it('the player draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
  });

  for (const [banker, row] of Object.entries(TABLEAU)) {
    const bankerTotal = Number(banker);
    const [stood, ...byThird] = row.replace(' ', '').split('');
    it(`banker on ${bankerTotal}: ${row}`, () => {
      expect(bankerDraws(bankerTotal, null)).toBe(stood === 'D');
      byThird.forEach((rule, third) => expect(bankerDraws(bankerTotal, third), `third card ${third}`).toBe(rule === 'D'));

      // The same cells through whole hands. Player stood: 3 + 3 = 6; banker K + its total.
      const stoodHand = dealBaccaratHand(['3S', 'KH', '3D', card(bankerTotal, 'H'), '5C', '5D'], 0);
      expect(stoodHand.result.playerCards).toHaveLength(2);
      expect(stoodHand.result.bankerCards).toHaveLength(stood === 'D' ? 3 : 2);
      // Player drew: K + 2 = 2, then a third card of each value.
      byThird.forEach((rule, third) => {
        const hand = dealBaccaratHand(['KS', 'KH', '2D', card(bankerTotal, 'H'), card(third, 'D'), '5C'], 0);
        expect(hand.result.playerCards).toHaveLength(3);
        expect(hand.result.bankerCards, `third card ${third}`).toHaveLength(rule === 'D' ? 3 : 2);
        expect(hand.cardsUsed).toBe(rule === 'D' ? 6 : 5);
      });
    });
  }
});

describe('whole hands', () => {
  it('a natural stands on both sides', () => {
    const { result, cardsUsed } = dealBaccaratHand(['9S', '5H', 'KD', '2C', '3S'], 0);
    expect(result).toEqual({ game: 'baccarat', playerCards: ['9S', 'KD'], bankerCards: ['5H', '2C'], playerTotal: 9, bankerTotal: 7, winner: 'player', playerPair: false, bankerPair: false, natural: true });
    expect(cardsUsed).toBe(4);
    // A banker's natural 8 stops the player drawing on 0.
    expect(dealBaccaratHand(['KS', '4H', 'QD', '4C', '9S'], 0).result).toMatchObject({ playerCards: ['KS', 'QD'], bankerTotal: 8, winner: 'banker', natural: true, playerPair: false, bankerPair: true });
  });

  it('banker on 3 stands against the player’s third 8 (a tie)', () => {
    const { result, cardsUsed } = dealBaccaratHand(['2S', '3H', '3D', 'KC', '8S', '4H'], 0);
    expect(result).toMatchObject({ playerCards: ['2S', '3D', '8S'], bankerCards: ['3H', 'KC'], playerTotal: 3, bankerTotal: 3, winner: 'tie', natural: false });
    expect(cardsUsed).toBe(5);
  });

  it('pairs are the same rank, not the same points', () => {
    const both = dealBaccaratHand(['QS', '7H', 'QD', '7C', '6S', '5D'], 0);
    expect(both.result).toMatchObject({ playerTotal: 6, bankerTotal: 9, winner: 'banker', playerPair: true, bankerPair: true });
    expect(both.cardsUsed).toBe(6);
    const kingQueen = dealBaccaratHand(['KS', 'AH', 'QD', 'AC', 'TS', '3H'], 0);
    expect(kingQueen.result).toMatchObject({ playerCards: ['KS', 'QD', 'TS'], bankerCards: ['AH', 'AC', '3H'], playerTotal: 0, bankerTotal: 5, playerPair: false, bankerPair: true });
  });

  it('the player stands on 6 and the banker draws on 5; deals from any index', () => {
    const { result, cardsUsed } = dealBaccaratHand(['XX', '4S', '2H', '2D', '3C', '9S'], 1);
    expect(result).toMatchObject({ playerCards: ['4S', '2D'], bankerCards: ['2H', '3C', '9S'], playerTotal: 6, bankerTotal: 4, winner: 'player' });
    expect(cardsUsed).toBe(5);
  });

  it('throws RangeError when the shoe runs out', () => {
    expect(() => dealBaccaratHand(['2S', '3H', '3D'], 0)).toThrow(RangeError);
    expect(() => dealBaccaratHand(['2S', '3H', '3D', 'KC', '8S'], 0)).not.toThrow();
    expect(() => dealBaccaratHand(['2S', '3H', '3D', 'KC', '5S'], 0)).toThrow(RangeError);
    expect(() => dealBaccaratHand(['2S', '3H', '3D', '2C'], -1)).toThrow(RangeError);
  });
});

const hand = (winner: BaccaratResult['winner'], pairs: { player?: boolean; banker?: boolean } = {}): BaccaratResult => ({
  game: 'baccarat',
  playerCards: ['2S', '3S'],
  bankerCards: ['2H', '3H'],
  playerTotal: 5,
  bankerTotal: 5,
  winner,
  playerPair: pairs.player ?? false,
  bankerPair: pairs.banker ?? false,
  natural: false,
});

describe('payouts', () => {
  const cases: Array<[BaccaratSpot, BaccaratResult, bigint, bigint]> = [
    ['player', hand('player'), 1_000n, 2_000n],
    ['player', hand('banker'), 1_000n, 0n],
    ['player', hand('tie'), 1_000n, 1_000n],
    ['banker', hand('banker'), 1_000n, 1_950n],
    ['banker', hand('banker'), 1_001n, 1_951n],
    ['banker', hand('banker'), 19n, 37n],
    ['banker', hand('banker'), 1n, 1n],
    ['banker', hand('player'), 1_000n, 0n],
    ['banker', hand('tie'), 1_001n, 1_001n],
    ['tie', hand('tie'), 1_000n, 9_000n],
    ['tie', hand('player'), 1_000n, 0n],
    ['tie', hand('banker'), 1_000n, 0n],
    ['player_pair', hand('banker', { player: true }), 1_000n, 12_000n],
    ['player_pair', hand('tie', { player: true }), 500n, 6_000n],
    ['player_pair', hand('player', { banker: true }), 1_000n, 0n],
    ['banker_pair', hand('player', { banker: true }), 1_000n, 12_000n],
    ['banker_pair', hand('banker', { player: true }), 1_000n, 0n],
  ];
  it.each(cases.map(([spot, result, amount, returned]) => ({ spot, result, amount, returned, won: `${result.winner}${result.playerPair ? ' + player pair' : ''}${result.bankerPair ? ' + banker pair' : ''}` })))(
    '$spot, $amount on $won returns $returned',
    ({ spot, result, amount, returned }) => {
      expect(settleBaccaratChip(spot, amount, result)).toBe(returned);
    },
  );

  it('has the published table', () => {
    expect(Object.fromEntries(Object.entries(BACCARAT_PAYOUTS).map(([spot, payout]) => [spot, payout.pays]))).toEqual({ player: 1, banker: 0.95, tie: 8, player_pair: 11, banker_pair: 11 });
  });
});

describe('return to player, by exact enumeration of an 8-deck shoe', () => {
  it('matches the theory', () => {
    const started = performance.now();
    const rtp = baccaratRtp();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(rtp.banker).toBeCloseTo(0.989421, 6);
    expect(rtp.player).toBeCloseTo(0.987649, 6);
    expect(rtp.tie).toBeCloseTo(0.856404, 6);
    expect(rtp.banker.toFixed(4)).toBe('0.9894');
    expect(rtp.player.toFixed(4)).toBe('0.9876');
    expect(rtp.tie.toFixed(4)).toBe('0.8564');
    // 12 × P(two cards of one rank) = 12 × 31/415.
    expect(rtp.player_pair).toBe(372 / 415);
    expect(rtp.banker_pair).toBe(372 / 415);
  });

  it('splits every way the cards can fall between player, banker and tie', () => {
    const odds = baccaratOdds();
    expect(odds.player + odds.banker + odds.tie).toBe(odds.denominator);
    expect(odds.denominator).toBe(416n * 415n * 414n * 413n * 412n * 411n);
    const share = (ways: bigint) => Number((ways * 10n ** 9n) / odds.denominator) / 1e9;
    expect(share(odds.banker)).toBeCloseTo(0.458597, 6);
    expect(share(odds.player)).toBeCloseTo(0.446247, 6);
    expect(share(odds.tie)).toBeCloseTo(0.095156, 6);
  });

  it('agrees exactly with dealBaccaratHand dealing every sequence of card values', () => {
    // An independent count: every sequence of values (K for 0, A for 1), weighted by how many
    // 8-deck card sequences give it, dealt by dealBaccaratHand itself; a hand that stops early
    // stands for every way its unused cards could follow (out of 416 · 415 · … · 411).
    const counts = Array.from({ length: 10 }, (_, value): number => (value === 0 ? 128 : 32));
    const ways = { player: 0n, banker: 0n, tie: 0n };
    const cards: string[] = [];
    const deal = (weight: bigint): void => {
      if (cards.length >= 4) {
        try {
          const { result } = dealBaccaratHand(cards, 0);
          let rest = weight;
          for (let left = 416 - cards.length, k = cards.length; k < 6; k += 1, left -= 1) rest *= BigInt(left);
          ways[result.winner] += rest;
          return;
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
        }
      }
      for (let value = 0; value < 10; value += 1) {
        const left = counts[value]!;
        counts[value] = left - 1;
        cards.push(card(value));
        deal(weight * BigInt(left));
        cards.pop();
        counts[value] = left;
      }
    };
    deal(1n);
    const odds = baccaratOdds();
    expect(ways).toEqual({ player: odds.player, banker: odds.banker, tie: odds.tie });
  });

  it('a single deck gives the known single-deck edges', () => {
    const rtp = baccaratRtp(1);
    expect(1 - rtp.banker).toBeCloseTo(0.010117, 5);
    expect(1 - rtp.player).toBeCloseTo(0.012864, 5);
  });
});
