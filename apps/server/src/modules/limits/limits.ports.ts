/** What the limits module borrows from the others, wired in compose.ts. */
export interface LimitsPorts {
  /** The site's time zone (settings locale.timeZone): where a day, week and month begin. */
  timeZone(): Promise<string>;
  /** The accounts module's sessions: when one began, ending one, ending a member's sessions begun before a time. */
  sessions: {
    startedAt(tokenHash: Buffer): Promise<Date | undefined>;
    end(tokenHash: Buffer): Promise<void>;
    endStartedBefore(memberId: bigint, before: Date): Promise<number>;
  };
  memberIdOf(account: string): Promise<bigint | undefined>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  /** Told when a bet or a deposit is refused by a limit (the compliance module's risk alerts); must not throw. */
  limitReached?(memberId: bigint, kind: 'deposit' | 'loss' | 'wager'): void;
}
