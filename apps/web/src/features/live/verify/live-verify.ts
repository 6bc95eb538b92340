import { dealBaccaratHand, rouletteColour, shuffleShoe, spinRoulette } from '@app/house-games';
import type { BaccaratResult, LiveResult, LiveVerification } from '@app/contracts';
import { replayFairStream, sha256Hex } from '../../fairness/index.ts';

/**
 * A live round checked in the browser with WebCrypto (the scheme: contracts LiveVerification,
 * the same HMAC-SHA-256 blocks as the fairness feature's verifier, whose replay it uses):
 *
 * - commitment = hex SHA-256 of the seed's text;
 * - block `cursor` = HMAC-SHA256(key = the seed as text, message = "clientSeed:nonce:cursor"),
 *   read as big-endian uint32s by the shared stream (@app/house-games createBlockStream);
 * - roulette: the number = spinRoulette(stream);
 * - baccarat: the shoe = shuffleShoe(stream), the hand = dealBaccaratHand(shoe, firstCard).
 *
 * WebCrypto is asynchronous and the engine synchronous, so blocks are computed ahead; a replay
 * that needs more starts again with twice as many (same seeds, same draws).
 */
const HEX_64 = /^[0-9a-f]{64}$/i;

export type LiveCheck =
  | { status: 'not_revealed' }
  | { status: 'invalid' }
  | {
      status: 'done';
      /** SHA-256 of the revealed seed, and whether it is the commitment published before the round. */
      hash: string;
      hashMatches: boolean;
      recomputed: LiveResult;
      resultMatches: boolean;
      /** Baccarat: the cards the hand took, as recomputed. */
      cardsUsed?: number;
      valid: boolean;
    };

function sameBaccarat(a: BaccaratResult, b: BaccaratResult): boolean {
  return (
    a.playerCards.join() === b.playerCards.join() &&
    a.bankerCards.join() === b.bankerCards.join() &&
    a.playerTotal === b.playerTotal &&
    a.bankerTotal === b.bankerTotal &&
    a.winner === b.winner &&
    a.playerPair === b.playerPair &&
    a.bankerPair === b.bankerPair &&
    a.natural === b.natural
  );
}

export function sameResult(a: LiveResult, b: LiveResult): boolean {
  if (a.game === 'roulette' || b.game === 'roulette') return a.game === b.game && a.game === 'roulette' && b.game === 'roulette' && a.number === b.number && a.colour === b.colour;
  return sameBaccarat(a, b);
}

/** Recomputes a round from its verification data and compares with the stored result. Never throws for bad data. */
export async function verifyLiveRound(verification: LiveVerification, stored: LiveResult | null): Promise<LiveCheck> {
  const seed = verification.game === 'roulette' ? verification.serverSeed : verification.shoeSeed;
  const commitment = verification.game === 'roulette' ? verification.serverSeedHash : verification.shoeHash;
  if (seed === null) return { status: 'not_revealed' };
  if (!Number.isSafeInteger(verification.nonce) || verification.nonce < 0 || seed.length === 0 || seed.length > 256) return { status: 'invalid' };
  const hash = await sha256Hex(seed);
  const hashMatches = HEX_64.test(commitment) && hash === commitment.toLowerCase();
  try {
    if (verification.game === 'roulette') {
      const number = await replayFairStream({ serverSeed: seed, clientSeed: verification.clientSeed, nonce: verification.nonce }, 1, spinRoulette);
      const recomputed: LiveResult = { game: 'roulette', number, colour: rouletteColour(number) };
      const resultMatches = stored !== null && sameResult(recomputed, stored);
      return { status: 'done', hash, hashMatches, recomputed, resultMatches, valid: hashMatches && resultMatches };
    }
    // 415 draws of Fisher–Yates: 52 blocks, a few more after rejected draws.
    const shoe = await replayFairStream({ serverSeed: seed, clientSeed: verification.clientSeed, nonce: verification.nonce }, 56, shuffleShoe);
    const { result, cardsUsed } = dealBaccaratHand(shoe, verification.firstCard);
    const resultMatches = stored !== null && sameResult(result, stored) && cardsUsed === verification.cardsUsed;
    return { status: 'done', hash, hashMatches, recomputed: result, resultMatches, cardsUsed, valid: hashMatches && resultMatches };
  } catch {
    return { status: 'invalid' };
  }
}
