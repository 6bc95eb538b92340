import { createHash, createHmac, randomBytes } from 'node:crypto';
import { blockMessage, canStartHand, createBlockStream, dealBaccaratHand, rouletteColour, SHOE_SIZE, shoeStart, shuffleShoe, spinRoulette, type RandomStream } from '@app/house-games';
import type { LiveResult } from '@app/contracts';
import type { LiveShoeRow } from './rounds.repository.ts';

/**
 * The randomness of the tables, as contracts LiveVerification describes it (and the browser's
 * verifier recomputes): block `cursor` = HMAC-SHA256(key = seed as its hex string, message =
 * blockMessage(clientSeed = table code, nonce, cursor)), as the house games' provably fair scheme.
 */
export const newSeed = () => randomBytes(32).toString('hex');
export const seedHash = (seed: string) => createHash('sha256').update(seed, 'utf8').digest('hex');

export function seededStream(seed: string, clientSeed: string, nonce: number): RandomStream {
  return createBlockStream((cursor) => createHmac('sha256', seed).update(blockMessage(clientSeed, nonce, cursor), 'utf8').digest());
}

/** A roulette round's number: the spin of the stream (round seed, table code, round number). */
export function rouletteResult(seed: string, tableCode: string, roundNumber: number): LiveResult {
  const number = spinRoulette(seededStream(seed, tableCode, roundNumber));
  return { game: 'roulette', number, colour: rouletteColour(number) };
}

const shoes = new Map<string, string[]>();
/** The shoe's cards (cached: a shoe lasts many hands). */
export function shoeCards(shoe: Pick<LiveShoeRow, 'seed' | 'table_code' | 'number'>): string[] {
  const key = `${shoe.table_code}/${shoe.number}/${shoe.seed}`;
  let cards = shoes.get(key);
  if (!cards) {
    cards = shuffleShoe(seededStream(shoe.seed, shoe.table_code, shoe.number));
    if (shoes.size > 32) shoes.clear();
    shoes.set(key, cards);
  }
  return cards;
}

/** A new shoe's row: the first hand starts after the burn (the first card, then as many as its value). */
export function newShoe(tableCode: string, number: number, cutFromEnd: number) {
  const seed = newSeed();
  const cards = shoeCards({ seed, table_code: tableCode, number });
  return { tableCode, number, seed, hash: seedHash(seed), position: shoeStart(cards), cutAt: SHOE_SIZE - cutFromEnd };
}

/** The hand dealt from the shoe's position. */
export function baccaratHand(shoe: LiveShoeRow): { result: LiveResult; cardsUsed: number } {
  const dealt = dealBaccaratHand(shoeCards(shoe), shoe.position);
  return { result: dealt.result, cardsUsed: dealt.cardsUsed };
}

/** Whether the next hand may start at `position` of a shoe cut at `cutAt` (the engine's cut-card rule). */
export const canDealAt = (position: number, cutAt: number) => canStartHand(position, SHOE_SIZE - cutAt);
