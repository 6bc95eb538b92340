import { describe, expect, it } from 'vitest';
import { dealShoe } from './baccarat.ts';
import { baccaratValue, burnCount, canonicalShoe, canStartHand, DEFAULT_CUT_FROM_END, SHOE_SIZE, shoeStart, shuffleShoe } from './cards.ts';
import { fakeStream, scriptedStream } from './test-streams.ts';

describe('the shoe', () => {
  it('is eight decks in a fixed order: S, H, D, C, each A to K', () => {
    const shoe = canonicalShoe();
    expect(shoe).toHaveLength(SHOE_SIZE);
    expect(shoe.slice(0, 14)).toEqual(['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'TS', 'JS', 'QS', 'KS', 'AH']);
    expect(shoe.slice(48, 53)).toEqual(['TC', 'JC', 'QC', 'KC', 'AS']);
    expect(new Set(shoe).size).toBe(52);
    for (const card of new Set(shoe)) expect(shoe.filter((c) => c === card)).toHaveLength(8);
  });

  it('is shuffled by Fisher–Yates from the last position down', () => {
    const canonical = canonicalShoe();
    // j = i every time: nothing moves.
    expect(shuffleShoe(scriptedStream((n) => n - 1))).toEqual(canonical);
    // j = 0 every time: position i takes card i + 1 and the first card ends last.
    const asked: number[] = [];
    const rotated = shuffleShoe(
      scriptedStream((n) => {
        asked.push(n);
        return 0;
      }),
    );
    expect(rotated).toEqual([...canonical.slice(1), canonical[0]]);
    expect(asked).toEqual(Array.from({ length: 415 }, (_, k) => 416 - k));
  });

  it('gives a permutation of the canonical shoe, the same one for the same stream', () => {
    const shoe = shuffleShoe(fakeStream(7));
    expect([...shoe].sort()).toEqual(canonicalShoe().sort());
    expect(shuffleShoe(fakeStream(7))).toEqual(shoe);
    expect(shuffleShoe(fakeStream(8))).not.toEqual(shoe);
  });

  it('counts points and the burn', () => {
    expect(['AS', '2H', '5D', '9C', 'TS', 'JH', 'QD', 'KC'].map(baccaratValue)).toEqual([1, 2, 5, 9, 0, 0, 0, 0]);
    expect(['AS', '2H', '9C', 'TS', 'JH', 'QD', 'KC'].map(burnCount)).toEqual([1, 2, 9, 10, 10, 10, 10]);
    expect(() => baccaratValue('1S')).toThrow(RangeError);
    expect(() => baccaratValue('AX')).toThrow(RangeError);
    expect(shoeStart(['7S', ...canonicalShoe().slice(1)])).toBe(8);
    expect(shoeStart(['QH'])).toBe(11);
  });

  it('stops starting hands at the cut card', () => {
    expect(canStartHand(SHOE_SIZE - DEFAULT_CUT_FROM_END)).toBe(true);
    expect(canStartHand(SHOE_SIZE - DEFAULT_CUT_FROM_END + 1)).toBe(false);
    // A cut closer than one hand's six cards is never honoured.
    expect(canStartHand(SHOE_SIZE - 5, 0)).toBe(false);
  });

  it('deals a whole shoe hand after hand from the burn to the cut card', () => {
    const shoe = shuffleShoe(fakeStream(3));
    const hands = dealShoe(shoe);
    expect(hands[0]!.firstCard).toBe(shoeStart(shoe));
    hands.slice(1).forEach((hand, k) => expect(hand.firstCard).toBe(hands[k]!.firstCard + hands[k]!.cardsUsed));
    const last = hands.at(-1)!;
    expect(SHOE_SIZE - (last.firstCard + last.cardsUsed)).toBeLessThan(DEFAULT_CUT_FROM_END);
    expect(SHOE_SIZE - last.firstCard).toBeGreaterThanOrEqual(DEFAULT_CUT_FROM_END);
    expect(hands.map((hand) => hand.hand)).toEqual(hands.map((_, k) => k + 1));
    expect(hands.length).toBeGreaterThan(70);
  });
});
