import { AppError } from '@app/kernel';
import { isOldEnough, MIN_PLAYER_AGE, normalizeCpf, OPERATOR_TIME_ZONE, todayIn } from '@app/contracts';

/**
 * The 18+ rule for money (spec §5, brazil-compliance §2.2). "Verified" here means declared: a
 * full name, a CPF whose check digits hold and a birthday that makes the member 18 or older on
 * the America/Sao_Paulo calendar, all set by the member once and then locked. No KYC provider
 * checks them against the Receita Federal yet (accounts_member.kyc_verified_at waits for one).
 */
export type AgeVerification = 'verified' | 'identity_incomplete' | 'underage';

export interface DeclaredIdentity {
  payee_name: string | null;
  cpf: string | null;
  birthday: string | null;
}

export function ageVerificationOf(identity: DeclaredIdentity, now: Date): AgeVerification {
  if (identity.payee_name === null || identity.cpf === null || normalizeCpf(identity.cpf) === null || identity.birthday === null) return 'identity_incomplete';
  // Always Brasília's date, whatever the site's display time zone: the law counts the day there.
  return isOldEnough(identity.birthday, todayIn(OPERATOR_TIME_ZONE, now), MIN_PLAYER_AGE) ? 'verified' : 'underage';
}

/** The refusal every money path answers; `reason` lets the app say which part is missing. */
export function ageUnverified(reason: Exclude<AgeVerification, 'verified'>): AppError {
  return new AppError('member.age_unverified', 'complete your identity (full name, CPF and an 18+ birthday) to deposit, withdraw or play for money', { reason });
}
