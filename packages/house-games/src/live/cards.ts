import type { RandomStream } from '../stream.ts';

/**
 * The baccarat shoe: eight 52-card decks, cards written rank + suit as in the wire contract
 * ("AS" is the ace of spades, "TD" the ten of diamonds). The order before the shuffle is fixed
 * (canonicalShoe) so that a player can rebuild the shuffle from the revealed seed: decks 1 to 8,
 * each deck suit by suit S, H, D, C, each suit A, 2 … 9, T, J, Q, K.
 */
export const BACCARAT_DECKS = 8;
export const CARDS_PER_DECK = 52;
export const SHOE_SIZE = BACCARAT_DECKS * CARDS_PER_DECK;
export const CARD_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const CARD_SUITS = ['S', 'H', 'D', 'C'] as const;
export type CardRank = (typeof CARD_RANKS)[number];

/**
 * The cut card: no new hand starts when fewer than this many cards remain (a hand takes at most
 * six, so a started hand always finishes). The server may configure another value ≥ 6.
 */
export const DEFAULT_CUT_FROM_END = 14;
/** The most cards one hand can take (three each). */
export const MAX_CARDS_PER_HAND = 6;

const CARD_PATTERN = /^[A2-9TJQK][SHDC]$/;

export function isCard(value: unknown): value is string {
  return typeof value === 'string' && CARD_PATTERN.test(value);
}

function assertCard(card: string): void {
  if (!isCard(card)) throw new RangeError(`not a card: ${JSON.stringify(card)}`);
}

/** The shoe before the shuffle (see above); `decks` defaults to eight. */
export function canonicalShoe(decks = BACCARAT_DECKS): string[] {
  const shoe: string[] = [];
  for (let deck = 0; deck < decks; deck += 1) {
    for (const suit of CARD_SUITS) for (const rank of CARD_RANKS) shoe.push(rank + suit);
  }
  return shoe;
}

/**
 * The shuffled shoe. Fisher–Yates on canonicalShoe(): for i = 415 down to 1, j = nextInt(i + 1),
 * swap positions i and j (415 exactly uniform draws; the stream's rejection sampling keeps them
 * unbiased). The same stream always gives the same shoe.
 */
export function shuffleShoe(stream: RandomStream): string[] {
  const shoe = canonicalShoe();
  for (let i = shoe.length - 1; i >= 1; i -= 1) {
    const j = stream.nextInt(i + 1);
    [shoe[i], shoe[j]] = [shoe[j]!, shoe[i]!];
  }
  return shoe;
}

export function cardRank(card: string): CardRank {
  assertCard(card);
  return card[0] as CardRank;
}

/** Baccarat points: ace 1, two to nine their face, ten and pictures 0. */
export function baccaratValue(card: string): number {
  const rank = cardRank(card);
  if (rank === 'A') return 1;
  if (rank === 'T' || rank === 'J' || rank === 'Q' || rank === 'K') return 0;
  return Number(rank);
}

/**
 * The standard burn: the first card of the shoe is turned face up and that many more cards are
 * burned, counting ace 1, two to nine their face, ten and pictures 10.
 */
export function burnCount(firstCard: string): number {
  const value = baccaratValue(firstCard);
  return value === 0 ? 10 : value;
}

/** Index of the first hand's first card: after the shown card and the cards it burns. */
export function shoeStart(shoe: readonly string[]): number {
  const first = shoe[0];
  if (first === undefined) throw new RangeError('empty shoe');
  return 1 + burnCount(first);
}

/** Whether a new hand may start at `next` (the cut card has not come out). */
export function canStartHand(next: number, cutFromEnd = DEFAULT_CUT_FROM_END, shoeSize = SHOE_SIZE): boolean {
  return shoeSize - next >= Math.max(cutFromEnd, MAX_CARDS_PER_HAND);
}
