import type { DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';

/** What the exclusion module asks of other modules, wired in compose.ts. */
export interface ExclusionPorts {
  /** accounts: ends every session of the member at once. */
  endAllSessions(memberId: bigint): Promise<number>;
  /** accounts: the login password of a logged-in member (the confirmation step). */
  checkLoginPassword(memberId: bigint, password: string): Promise<boolean>;
  /** accounts: the member behind an account name and login password (the withdraw-only path). */
  verifyAccountPassword(account: string, password: string): Promise<bigint | undefined>;
  /** accounts: the member's CPF (11 digits) or null. */
  cpfOf(memberId: bigint): Promise<string | null>;
  /** accounts: an SMS to the member's registered mobile (outbox in development); false when the member has none. */
  smsMember(memberId: bigint, body: string): Promise<boolean>;
  /** wallet: the member's cash balance (centavos). */
  cashOf(memberId: bigint): Promise<bigint>;
  /** sportsbook and lottery: the member's open bets on future events cancelled and refunded through their own refund path (idempotent). */
  voidOpenBets(memberId: bigint): Promise<{ sportsbookTickets: number; lotteryDraws: number }>;
  /** payments: the registered payout key (masked) and what may be withdrawn now. */
  withdrawOptions(memberId: bigint): Promise<{ available: bigint; payoutKey: string | null }>;
  /** payments: a withdrawal through the normal path (its checks, its review, its payout). */
  withdraw(memberId: bigint, input: { amount: string; paymentPassword: string; requestId: string }): Promise<{ id: bigint; amount: bigint; status: string }>;
  /** messages: the notice of a closure, delivered even though the member is now excluded; in our transaction. */
  notifyMember(tx: DbExecutor, notice: { memberId: bigint; title: string; bodyHtml: string; sourceKey: string }): Promise<void>;
  /** system: the site's time zone (the first login of each day). */
  timeZone(): Promise<string>;
  audit(tx: DbExecutor, entry: AuditEntry): Promise<void>;
}
