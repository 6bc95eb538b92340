import { BonusSummarySchema, type BonusSummary } from '@app/contracts';
import { apiRequest } from '../../shared/api-client.ts';
import { memberQueryOptions } from '../../shared/member-query.ts';

export function fetchBonusSummary(signal?: AbortSignal): Promise<BonusSummary> {
  return apiRequest('/api/bonus/summary', { schema: BonusSummarySchema, signal });
}

/** Keyed by token, like every member query, so a new login never shows another member's grants. */
export const bonusKeys = { summary: (token: string | null) => ['bonus', token, 'summary'] as const };

export function bonusSummaryQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: bonusKeys.summary(token), fetch: fetchBonusSummary });
}
