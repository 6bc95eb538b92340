/**
 * Every path of the player web app (apps/web's router), shared with the server so that a GET
 * of any other path is answered with the app's not-found page and status 404 instead of 200
 * (issue 18: robots and link previews must see a missing page as missing). The router types its
 * paths against this list and a web test checks the two stay equal. Paths are case-sensitive
 * (the spec has both /vnLottery and /vnlottery); `:name` matches one non-empty segment.
 */
export const WEB_APP_PATHS = [
  '/', '/index', '/index.html', '/home', '/login', '/register', '/agent', '/agentHome',
  '/help', '/helpmc', '/promotions', '/esports', '/lott', '/elott', '/cockfight',
  '/live', '/fish', '/rng', '/pvp', '/crash', '/sports',
  '/member', '/pointMall', '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery',
  '/seamless', '/slot/:vendor/:gameCode', '/lottert', '/vnlottery', '/sealottery', '/fairness',
] as const;

export type WebAppPath = (typeof WEB_APP_PATHS)[number];

const PATTERNS = WEB_APP_PATHS.map((path) => path.split('/'));

/** Whether the web app has a page at this pathname (one trailing slash ignored, as the router does). */
export function isWebAppPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = trimmed.split('/');
  return PATTERNS.some((pattern) => pattern.length === segments.length && pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index])));
}
