import { dice } from './dice.ts';
import { limbo } from './limbo.ts';
import type { MiniGame } from './mini-game.ts';
import { plinko } from './plinko.ts';

export * from './mini-game.ts';
export * from './dice.ts';
export * from './limbo.ts';
export * from './plinko.ts';
// Mines spans several requests, so it is not a MiniGame (one step); its own helpers are exported.
export * from './mines.ts';

/** A game seen from outside: parameters come from parse() and go back to play() and rtp() untouched. */
export type AnyMiniGame = MiniGame<unknown, unknown>;

function erase<Params, Outcome>(game: MiniGame<Params, Outcome>): AnyMiniGame {
  return { ...game, play: (params, stream) => game.play(params as Params, stream), rtp: (params) => game.rtp(params as Params) };
}

/** The one-step house games, by code. */
export const MINI_GAMES: readonly AnyMiniGame[] = [erase(dice), erase(limbo), erase(plinko)];

export function findMiniGame(code: string): AnyMiniGame | undefined {
  return MINI_GAMES.find((game) => game.code === code);
}
