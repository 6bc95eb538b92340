import { isAgentAccountType, TRIAL_ACCOUNT_TYPE } from '@app/contracts';

/** Spec §3: account types 1, 2, 41 and 42 are agents; 4 is a trial (demo) account. */
export function isAgentType(type: number): boolean {
  return isAgentAccountType(type);
}

export function isTrialType(type: number): boolean {
  return type === TRIAL_ACCOUNT_TYPE;
}
