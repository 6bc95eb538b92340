import { AppError } from '@app/kernel';
import type { DbExecutor } from '../../platform/db.ts';
import type { Settings } from '../system/index.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import type { SandboxPsp } from './providers/sandbox-psp.ts';

export type PaymentSettings = Settings['payments'];

/** What the payments services need from the rest of the system, injected by index.ts. */
export interface PaymentsDeps {
  provider: PaymentProvider;
  /** Present when the provider is the built-in sandbox and members may play its payer (never in production). */
  sandbox?: SandboxPsp;
  settings(): Promise<PaymentSettings>;
  /** `ageVerification`: the accounts module's 18+ rule; money moves only when it is 'verified'. */
  identityOf(memberId: bigint): Promise<{ account: string; payeeName: string | null; cpf: string | null; hasPaymentPassword: boolean; ageVerification: 'verified' | 'identity_incomplete' | 'underage' } | undefined>;
  checkLoginPassword(memberId: bigint, password: string): Promise<boolean>;
  checkPaymentPassword(memberId: bigint, pin: string): Promise<'ok' | 'missing' | 'wrong'>;
  /** The bonus module's open wagering, which a withdrawal request forfeits once the member confirms. */
  bonus?: BonusHold;
  /**
   * Runs in the transaction that credits a deposit, after the ledger post (the promotions
   * module's deposit match). It must not throw for business reasons: a throw undoes the credit.
   */
  onDepositCredited?: (tx: DbExecutor, deposit: { depositId: bigint; memberId: bigint; amount: bigint }) => Promise<unknown>;
  /** The VIP module's daily withdrawal limit per level; absent (or null for a member): no such limit. */
  dailyLimit?: DailyWithdrawalLimit;
  /** Responsible gaming (issue 27): asked before a deposit's charge; throws its own AppError to refuse (exclusions, limits). */
  depositGate?: (memberId: bigint, amountCents: bigint) => Promise<void>;
  /**
   * Runs in the transaction that records a deposit as returned to its payer (another CPF paid it):
   * the member is told why. Called once per deposit.
   */
  onDepositReturned?: (tx: DbExecutor, deposit: { depositId: bigint; memberId: bigint; amount: bigint; reason: 'other_payer' }) => Promise<unknown>;
  /**
   * Checks run before a withdrawal request is accepted (the KYC module's verification rule):
   * throws a translated AppError to refuse it. `first`: the member has no earlier withdrawal
   * that was not refused or failed.
   */
  withdrawalGate?: (memberId: bigint, request: { amount: bigint; first: boolean }) => Promise<void>;
}

/** A cap on what a member may request per day of the site's calendar (withdrawals not refused or failed). */
export interface DailyWithdrawalLimit {
  /** Centavos per day at the member's level; null = none. */
  limitOf(memberId: bigint): Promise<bigint | null>;
  /** The site's time zone (settings locale.timeZone): where a day starts. */
  timeZone(): Promise<string>;
}

/** Bonus money under wagering: what a withdrawal would forfeit, and the forfeit in the request's transaction. */
export interface BonusHold {
  openWagering(memberId: bigint, executor?: DbExecutor): Promise<{ grants: number; bonus: bigint; wageringRemaining: bigint } | null>;
  forfeitOpen(tx: DbExecutor, memberId: bigint): Promise<{ forfeited: number; amount: bigint }>;
}

/** Spec §5: no money in or out for a member without a full name, CPF and an 18+ birthday on file. */
export function assertAgeVerified(identity: { ageVerification: 'verified' | 'identity_incomplete' | 'underage' }): void {
  if (identity.ageVerification !== 'verified') {
    throw new AppError('member.age_unverified', 'complete your identity (full name, CPF and an 18+ birthday) to move money', { reason: identity.ageVerification });
  }
}
