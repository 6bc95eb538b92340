/** Path rules of the app shell (spec §2). Paths are case-sensitive: /vnLottery ≠ /vnlottery. */

/** Home and the two modal entry points share one content key, so home is not re-created. */
const SHARED_HOME_KEY_PATHS: ReadonlySet<string> = new Set(['/', '/index', '/login', '/register']);

/** Game pages give the game the width: the side menu collapses and the balance is hidden. */
export const GAME_PAGE_PATHS: ReadonlySet<string> = new Set(['/seamless', '/lottert', '/vnlottery', '/sealottery']);

export const HOME_PATHS: readonly string[] = ['/', '/index', '/index.html', '/home'];

export function contentKeyOf(pathname: string): string {
  return SHARED_HOME_KEY_PATHS.has(pathname) ? 'home' : pathname;
}

export function isGamePagePath(pathname: string): boolean {
  return GAME_PAGE_PATHS.has(pathname);
}

export { MEMBER_TABS, memberTabPath, type MemberTab } from '../features/member/index.ts';
