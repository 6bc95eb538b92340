/**
 * Who may do what in the back office: the single permission matrix. The server's
 * requireOperator(permission) reads it for every operator route, and the console reads it to show
 * only what the logged-in role may use. Adding a route means choosing its permission here.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'risk', 'support', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_PERMISSIONS = [
  /** Deposit, withdrawal and PSP event lists. */
  'payments.read',
  /** Approve or reject withdrawals; credit or refund deposits held for another payer's CPF. */
  'payments.review',
  /** Agent contracts and settlement lines. */
  'agents.read',
  /** Give a top agent a contract. */
  'agents.contracts.grant',
  /** Re-run a settlement run: pay its lines that are not paid yet (never a paid one again). */
  'agents.settle',
  /** Banners, notices, promotions, popups, announcements, help articles. */
  'content.manage',
  /** The settings the site shows: site, customerService, appDownload (read and replace). */
  'settings.site',
  /** Every other setting: maintenance, region, limits, back-office IP allow-list… */
  'settings.manage',
  /** Search the audit log and verify its hash chain. */
  'audit.read',
  /** List operators; reset another operator's two-factor authentication. */
  'operators.manage',
  /** The dashboard and the GGR/NGR and payments reports (read only, CSV export included). */
  'reports.read',
  /** Vendors and games as the operator sees them (switches, counts, provider access without the secret). */
  'catalogue.read',
  /** What players see of the catalogue: vendors' and games' switches, maintenance, order, names, hot/new; the file import. */
  'catalogue.manage',
  /** A vendor's integration: wallet mode, provider-API secret rotation and IP allow-list (owner only). */
  'catalogue.integration',
  /** Search members; the member page (profile masked, sessions, logins, upline, notes) and their bets. */
  'members.read',
  /** See members' CPF, mobile and e-mail in full (masked otherwise). */
  'members.pii',
  /** A member's balances and ledger entries. */
  'members.wallet.read',
  /** Lock and unlock members (a locked member cannot log in; live sessions end). */
  'members.lock',
  /** Add notes to a member (append-only). */
  'members.notes',
  /** Give a member a temporary password that must be changed at the next login. */
  'members.password.reset',
  /** Promotions: define, edit, pause and end them (issue 21). */
  'promotions.manage',
  /** Review members' applications to promotions: approve (issues the reward) or reject with a reason. */
  'promotions.review',
  /** Ask for a manual balance adjustment (the maker); list adjustments. */
  'balance.adjust.request',
  /** Approve or reject another operator's adjustment request (the checker). */
  'balance.adjust.approve',
  /** The sportsbook console's reads: events and markets, liability, big-bet alerts, tickets, the feed's health. */
  'sportsbook.read',
  /** Trade the book: create events and markets, change odds and margins, suspend and reopen, set an event live or ended; acknowledge alerts. */
  'sportsbook.trade',
  /** Results and their corrections; void a ticket (maker-checker above the thresholds). */
  'sportsbook.settle',
  /** The lottery console's reads: games and schedules, odds tables, draws, per-number exposure, tickets. */
  'lottery.read',
  /** Switch games on and off, change close-before, odds tables and liability caps. */
  'lottery.manage',
  /** Propose and approve a draw's result (or its correction) and a draw's cancellation with refunds (maker-checker). */
  'lottery.settle',
  /** The live tables console's reads: tables, rounds with their verification data, the chat. */
  'live.read',
  /** Open and close tables, change their limits and betting window, start a new baccarat shoe. */
  'live.manage',
  /** Moderate the tables' chat: remove messages, mute and unmute members. */
  'live.moderate',
  /** Platform messages: compose, preview, schedule and withdraw broadcasts; list what was sent (issue 26). */
  'messages.send',
  /** The feedback and complaints queue: assign, internal notes, reply (as a message), close. */
  'feedback.handle',
  /** Customer-service chat: take conversations from the queue, answer, transfer; canned replies; the member's context beside it. */
  'support.chat',
  /** The referral programme's rules (thresholds, reward, cap, on/off). */
  'referral.manage',
  /** Referrals flagged by the abuse checks: release (pay) or reject. */
  'referral.review',
  /** Responsible gaming's reads: a member's limits and their history, cool-offs and self-exclusions, reality checks (issue 27). */
  'rg.read',
  /** The barred-persons list: import a CPF list, run the check over the base, see hits and the notices sent. */
  'rg.barred',
  /** KYC: review documents and selfies, approve or reject a verification. */
  'kyc.review',
  /** Risk alerts on patterns of play and the regulator's daily extract of bets and movements. */
  'compliance.read',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

/**
 * Role → permissions. The owner holds every permission. Support finds members, reads their
 * profile (masked) and bets, adds notes and resets passwords; it sees no money and decides none.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly OperatorPermission[]> = {
  owner: OPERATOR_PERMISSIONS,
  finance: ['payments.read', 'payments.review', 'promotions.review', 'agents.read', 'agents.contracts.grant', 'agents.settle', 'reports.read', 'members.read', 'members.wallet.read', 'balance.adjust.request', 'balance.adjust.approve', 'sportsbook.read', 'lottery.read', 'live.read', 'referral.review', 'compliance.read'],
  risk: ['audit.read', 'catalogue.read', 'reports.read', 'members.read', 'members.pii', 'members.wallet.read', 'members.lock', 'members.notes', 'sportsbook.read', 'sportsbook.trade', 'sportsbook.settle', 'lottery.read', 'lottery.manage', 'lottery.settle', 'live.read', 'live.manage', 'live.moderate', 'referral.review', 'rg.read', 'rg.barred', 'kyc.review', 'compliance.read'],
  support: ['catalogue.read', 'members.read', 'members.notes', 'members.password.reset', 'sportsbook.read', 'lottery.read', 'live.read', 'live.moderate', 'messages.send', 'feedback.handle', 'support.chat', 'rg.read'],
  content: ['content.manage', 'settings.site', 'catalogue.read', 'catalogue.manage', 'promotions.manage', 'messages.send', 'referral.manage'],
};

export function hasPermission(role: OperatorRole, permission: OperatorPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
