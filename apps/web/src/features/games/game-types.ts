import { GAME_CENTRES, GameTypeSchema, type GameType } from '@app/contracts';

/** Spec §4 game-type selection: HOME goes to /, every other type to its lowercase path. */
export function gameTypePath(type: GameType): string {
  return `/${type.toLowerCase()}`;
}

/** The list of a type, optionally narrowed to one vendor (`?vassalage=`). */
export function vendorListPath(type: GameType, vassalage: string): string {
  return `${gameTypePath(type)}?${new URLSearchParams({ vassalage }).toString()}`;
}

/** The type a page path belongs to (`/rng` → RNG), if any. */
export function gameTypeOfPath(pathname: string): GameType | undefined {
  const parsed = GameTypeSchema.safeParse(pathname.replace(/^\//, '').toUpperCase());
  return parsed.success ? parsed.data : undefined;
}

/** Game centres show vendor tiles (spec §9); the other types list games. */
export function isCentreType(type: GameType): boolean {
  return GAME_CENTRES.includes(type);
}

/** Spec §4: "BGS" is RNG vendor WW's lobby, offered whenever RNG lists WW. */
export const BGS_VENDOR = 'WW';
export const LOBBY_GAME_CODE = 'lobby';

/** The /seamless address that launches a game by id, or a vendor's lobby (or any code). */
export function seamlessPath(target: { gameId: number } | { vendor: string; gameCode: string }, demo = false): string {
  const params = new URLSearchParams();
  if ('gameId' in target) params.set('gameId', String(target.gameId));
  else {
    params.set('vendor', target.vendor);
    params.set('gameCode', target.gameCode);
  }
  if (demo) params.set('demo', '1');
  return `/seamless?${params.toString()}`;
}
