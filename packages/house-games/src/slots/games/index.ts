import type { SlotGame } from '../paytable.ts';
import { goldenJungle } from './golden-jungle.ts';
import { luckyCarnival } from './lucky-carnival.ts';
import { pharaohsTreasure } from './pharaohs-treasure.ts';

export { goldenJungle, luckyCarnival, pharaohsTreasure };

/** Every house slot, by code. */
export const SLOT_GAMES: readonly SlotGame[] = [pharaohsTreasure, luckyCarnival, goldenJungle];

export function findSlotGame(code: string): SlotGame | undefined {
  return SLOT_GAMES.find((game) => game.code === code);
}
