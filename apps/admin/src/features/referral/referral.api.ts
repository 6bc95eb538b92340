import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminReferralListSchema, AdminReferralRulesSchema, REFERRAL_STATUSES, type ReferralRulesInput, type ReferralStatus } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'referral'] as const;

export function useReferralRules() {
  return useQuery({ queryKey: [...KEY, 'rules'], queryFn: ({ signal }) => api('GET', '/api/backoffice/referral/rules', { schema: AdminReferralRulesSchema, signal }) });
}

/** A new version of the rules (the server audits it). */
export function useSaveReferralRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralRulesInput) => api('PUT', '/api/backoffice/referral/rules', { body: input, schema: AdminReferralRulesSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export interface ReferralFilter {
  status: ReferralStatus | '';
  referrer: string;
  page: number;
}

export function useReferrals(filter: ReferralFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', filter],
    queryFn: ({ signal }) =>
      api('GET', `/api/backoffice/referral/referrals${queryString({ status: filter.status || undefined, referrer: filter.referrer.trim() || undefined, page: filter.page })}`, { schema: AdminReferralListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Release (pay) or reject a flagged referral; audited by the server. */
export function useDecideReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ refereeId, decision }: { refereeId: string; decision: 'release' | 'reject' }) =>
      api('POST', `/api/backoffice/referral/referrals/${refereeId}/${decision}`, { schema: z.object({ status: z.enum(REFERRAL_STATUSES) }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
