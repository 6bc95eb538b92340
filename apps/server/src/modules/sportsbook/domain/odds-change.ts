/**
 * What happens when a selection's odds moved between the slip and acceptance. The player chose
 * a policy on the slip (MTS `oddsChange`): NONE refuses any change, ANY takes the new odds,
 * HIGHER takes a rise and refuses a drop. The odds that stand are the ones locked on the ticket
 * and never change afterwards (Brazil, Portaria SPA/MF 1.231/2024 art. 27).
 */
import type { AcceptanceRefusalCode } from './domain-errors.ts';

export type OddsChangePolicy = 'none' | 'any' | 'higher';

export type OddsAcceptance = { readonly ok: true; readonly lockedOddsThousandths: bigint } | { readonly ok: false; readonly reason: AcceptanceRefusalCode };

export function acceptOddsChange(policy: OddsChangePolicy, slipOddsThousandths: bigint, currentOddsThousandths: bigint): OddsAcceptance {
  const isAccepted =
    currentOddsThousandths === slipOddsThousandths || policy === 'any' || (policy === 'higher' && currentOddsThousandths > slipOddsThousandths);
  return isAccepted ? { ok: true, lockedOddsThousandths: currentOddsThousandths } : { ok: false, reason: 'sportsbook.odds_changed' };
}
