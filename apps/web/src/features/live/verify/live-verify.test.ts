import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blockMessage, createBlockStream, dealBaccaratHand, rouletteColour, shoeStart, shuffleShoe, spinRoulette, type RandomStream } from '@app/house-games';
import type { LiveResult, LiveVerification } from '@app/contracts';
import { verifyLiveRound } from './live-verify.ts';

/** The server's side, with node:crypto: the stream of (seed, clientSeed, nonce). */
function serverStream(seed: string, clientSeed: string, nonce: number): RandomStream {
  return createBlockStream((cursor) => new Uint8Array(createHmac('sha256', seed).update(blockMessage(clientSeed, nonce, cursor)).digest()));
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SEED = '3f'.repeat(32);
const OTHER_SEED = '40'.repeat(32);

describe('live round verifier (WebCrypto in the browser)', () => {
  it('verifies a roulette spin, and fails a tampered seed', async () => {
    const number = spinRoulette(serverStream(SEED, 'roleta-copacabana', 42));
    const stored: LiveResult = { game: 'roulette', number, colour: rouletteColour(number) };
    const verification: LiveVerification = { game: 'roulette', serverSeedHash: sha256(SEED), serverSeed: SEED, clientSeed: 'roleta-copacabana', nonce: 42 };
    const check = await verifyLiveRound(verification, stored);
    expect(check).toMatchObject({ status: 'done', hashMatches: true, resultMatches: true, valid: true, recomputed: stored });

    const tampered = await verifyLiveRound({ ...verification, serverSeed: OTHER_SEED }, stored);
    expect(tampered).toMatchObject({ status: 'done', hashMatches: false, valid: false });
    const wrongNumber = await verifyLiveRound(verification, { game: 'roulette', number: (number + 1) % 37, colour: rouletteColour((number + 1) % 37) });
    expect(wrongNumber).toMatchObject({ status: 'done', hashMatches: true, resultMatches: false, valid: false });
    expect(await verifyLiveRound({ ...verification, serverSeed: null }, stored)).toEqual({ status: 'not_revealed' });
  });

  it('re-deals a baccarat hand from the shoe seed, and fails a tampered seed or a shoe not yet ended', async () => {
    const shoe = shuffleShoe(serverStream(SEED, 'bacara-rio', 3));
    const firstCard = shoeStart(shoe);
    const first = dealBaccaratHand(shoe, firstCard);
    const second = dealBaccaratHand(shoe, firstCard + first.cardsUsed);
    const verification: LiveVerification = { game: 'baccarat', shoeId: '9', shoeHash: sha256(SEED), shoeSeed: SEED, clientSeed: 'bacara-rio', nonce: 3, firstCard: firstCard + first.cardsUsed, cardsUsed: second.cardsUsed };
    const check = await verifyLiveRound(verification, second.result);
    expect(check).toMatchObject({ status: 'done', hashMatches: true, resultMatches: true, valid: true, cardsUsed: second.cardsUsed });
    expect(check.status === 'done' && check.recomputed).toEqual(second.result);

    const tampered = await verifyLiveRound({ ...verification, shoeSeed: OTHER_SEED }, second.result);
    expect(tampered).toMatchObject({ status: 'done', hashMatches: false, valid: false });
    // The first hand's result does not match the second hand's cards.
    expect(await verifyLiveRound(verification, first.result)).toMatchObject({ valid: false, resultMatches: false });
    expect(await verifyLiveRound({ ...verification, shoeSeed: null }, second.result)).toEqual({ status: 'not_revealed' });
  });
});
