import { sha256Utf8 } from '@app/contracts';
import { SLOT_GAMES } from './games/index.ts';
import type { SlotGame } from './paytable.ts';
import { theoreticalRtp } from './theory.ts';

/**
 * Which house slot a seamless demo vendor's game opens. The one source of truth for both sides:
 * the demo catalogue names, draws and prices its tiles with it, and the house game server plays
 * the machine it picks, so a tile never promises a game other than the one that runs.
 * SHA-256 of "vendor/gameCode" (first four bytes, big-endian) keeps a game on the same machine
 * forever, which stored rounds rely on to be replayed; pure, so the browser may call it too.
 */
export function demoMachineFor(vendor: string, gameCode: string): SlotGame {
  const digest = sha256Utf8(`${vendor}/${gameCode}`);
  const first = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
  return SLOT_GAMES[first % SLOT_GAMES.length]!;
}

const listedRtps = new Map<string, string>();

/**
 * A slot's RTP as the catalogue lists it: the exact theoretical RTP in percent with two places
 * ("95.72"), the catalogue's precision.
 */
export function listedRtpOf(game: SlotGame): string {
  let listed = listedRtps.get(game.code);
  if (listed === undefined) {
    listed = (Math.round(theoreticalRtp(game).rtp * 10_000) / 100).toFixed(2);
    listedRtps.set(game.code, listed);
  }
  return listed;
}
