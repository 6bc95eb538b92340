import type { ReferralFlagReason } from '@app/contracts';

export interface AbuseFacts {
  referrer: { cpf: string | null; ips: readonly string[]; userAgents: readonly string[] };
  referee: { cpf: string | null; ips: readonly string[]; userAgents: readonly string[] };
}

/**
 * Why a referral must wait for an operator instead of paying: the referee shares the referrer's CPF,
 * device (a browser string seen in both members' sessions — accounts keeps no other fingerprint) or
 * an address they registered or logged in from. Any match flags; none proves abuse, so nothing is
 * refused outright and an operator releases or rejects (docs/referral.md).
 */
export function abuseReasons(facts: AbuseFacts): ReferralFlagReason[] {
  const reasons: ReferralFlagReason[] = [];
  if (facts.referrer.cpf && facts.referee.cpf && facts.referrer.cpf === facts.referee.cpf) reasons.push('same_cpf');
  const agents = new Set(facts.referrer.userAgents);
  if (facts.referee.userAgents.some((agent) => agents.has(agent))) reasons.push('same_device');
  const ips = new Set(facts.referrer.ips);
  if (facts.referee.ips.some((ip) => ips.has(ip))) reasons.push('same_ip');
  return reasons;
}
