import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { ContractOfferSchema, type ContractKind } from '@app/contracts';
import { checkTiers, type CeilingTiers, type TierRow } from '../tiers.ts';

/** What the offer form holds: the downline chosen and the tiers as typed. */
export interface OfferFormValues {
  downline: string;
  tiers: TierRow[];
}

/** The downline error's type; a tier error's type is its TierProblem. */
export const DOWNLINE_REQUIRED = 'downlineRequired';

/**
 * ContractOfferSchema's downline (one must be chosen) and the tier checks the server runs
 * (agents.tiers_invalid, agents.rate_above_max, agents.rate_above_upline). The tiers cannot be a
 * fixed schema: the limits are the agent's own tiers, from the overview, and each tier is compared
 * with the one before. A rateAboveTier error carries its level's ceiling as its message.
 */
export function offerFormResolver(kind: ContractKind, maxRate: string, ceilings: CeilingTiers = []): Resolver<OfferFormValues> {
  return (values, _context, options) => {
    const errors: Record<string, FieldError> = {};
    if (!ContractOfferSchema.shape.downline.safeParse(values.downline).success) errors.downline = { type: DOWNLINE_REQUIRED };
    for (const issue of checkTiers(kind, values.tiers, maxRate, ceilings)) errors[`tiers.${issue.row}.${issue.field}`] ??= { type: issue.problem, message: issue.max };
    return Object.keys(errors).length > 0 ? { values: {}, errors: toNestErrors(errors, options) } : { values, errors: {} };
  };
}
