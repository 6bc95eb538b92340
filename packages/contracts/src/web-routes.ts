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
  '/live', '/live/table/:code', '/live/round/:id', '/fish', '/rng', '/pvp', '/crash', '/sports', '/sports/event/:id',
  '/member', '/pointMall', '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery',
  '/seamless', '/slot/:vendor/:gameCode', '/lottert', '/vnlottery', '/sealottery', '/fairness',
  // Responsible-gaming limits (issue 27), linked from the security centre.
  '/limits',
  // Transparency (issue 27): the CSV history and the LGPD export, from the security centre and the account record.
  '/my-data',
  // Cool-off, self-exclusion and closure (security centre) and the withdraw-only path (issue 27).
  '/exclusion', '/withdraw-balance',
  // Identity verification (issue 27), from the security centre and a withdrawal that needs it.
  '/kyc',
] as const;

export type WebAppPath = (typeof WEB_APP_PATHS)[number];

/**
 * Every page of the operator console (apps/admin, under /admin/), without the leading slash, as
 * its screens declare them (AdminScreen.path is typed by this list; a console test checks both).
 */
export const CONSOLE_PATHS = [
  'dashboard', 'members', 'members/:id', 'balance-adjustments', 'bonus-grants',
  'payments/withdrawals', 'payments/deposits', 'payments/events',
  'catalogue/vendors', 'catalogue/games', 'catalogue/import',
  'content/banners', 'content/notices', 'content/promotions', 'content/popups', 'content/announcements', 'content/help', 'content/agent-notices',
  'settings/site', 'settings/general', 'settings/registration', 'settings/limits', 'settings/access', 'settings/advanced',
  'agents/tree', 'agents/contracts', 'agents/settlements', 'agents/settlements/:id',
  'reports/ggr', 'reports/payments', 'audit', 'operators', 'approvals',
  'promotions', 'promotion-applications', 'promotion-runs',
  'vip-levels',
  'referral/rules', 'referral/referrals',
  'points-mall', 'points-redemptions',
  'missions', 'missions-checkin',
  'sportsbook/events', 'sportsbook/events/:id', 'sportsbook/liability', 'sportsbook/alerts', 'sportsbook/tickets', 'sportsbook/tickets/:id', 'sportsbook/feed',
  'lottery/games', 'lottery/odds', 'lottery/draws', 'lottery/draws/:id', 'lottery/tickets',
  'live/tables', 'live/rounds', 'live/rounds/:id', 'live/chat',
  'messages', 'feedback', 'feedback/:id',
  'support/chat', 'support/canned', 'support/report',
  // Identity verification (issue 27).
  'kyc', 'kyc/:id',
  // Responsible gaming (issue 27).
  'rg/limits',
  'rg/exclusions', 'rg/barred',
  'compliance/alerts', 'compliance/extract',
] as const;

export type ConsolePath = (typeof CONSOLE_PATHS)[number];

function matcher(paths: readonly string[]) {
  const patterns = paths.map((path) => path.split('/'));
  return (pathname: string) => {
    // One trailing slash is ignored, as the routers do.
    const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const segments = trimmed.split('/');
    return patterns.some((pattern) => pattern.length === segments.length && pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index])));
  };
}

/** Whether the web app has a page at this pathname. */
export const isWebAppPath: (pathname: string) => boolean = matcher(WEB_APP_PATHS);

/** Whether the console has a page at this pathname (under /admin/, e.g. `/admin/members/12`); /admin/ itself lands on the first allowed page. */
export const isConsolePath: (pathname: string) => boolean = matcher(['/admin', ...CONSOLE_PATHS.map((path) => `/admin/${path}`)]);
