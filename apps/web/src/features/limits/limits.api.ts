import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LimitsOverviewSchema, LimitsStatusSchema, type LimitsOverview, type LimitsStatus, type SetLimit } from '@app/contracts';
import { z } from 'zod';
import { apiRequest } from '../../shared/api-client.ts';
import { memberQueryOptions } from '../../shared/member-query.ts';
import { getToken } from '../../shared/session-token.ts';

export const limitsKeys = {
  all: ['limits'] as const,
  overview: (token: string | null) => ['limits', token, 'overview'] as const,
  status: (token: string | null) => ['limits', token, 'status'] as const,
};

const SetAnswerSchema = LimitsOverviewSchema.extend({ applied: z.enum(['now', 'pending', 'noop', 'cancel_pending']) });

export function useLimitsOverview() {
  const token = getToken();
  return useQuery(memberQueryOptions({ token, queryKey: limitsKeys.overview(token), fetch: (signal): Promise<LimitsOverview> => apiRequest('/api/limits', { schema: LimitsOverviewSchema, signal }) }));
}

/** The session's poll (reality check, session-time limit, 80 % alerts): every 30 seconds while logged in. */
export function useLimitsStatus(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: limitsKeys.status(token),
    queryFn: ({ signal }): Promise<LimitsStatus> => apiRequest('/api/limits/status', { schema: LimitsStatusSchema, signal, token }),
    enabled: enabled && token !== null,
    refetchInterval: 30_000,
    staleTime: 10_000,
    retry: false,
  });
}

export function useLimitsMutations() {
  const client = useQueryClient();
  const token = getToken();
  const keep = (overview: LimitsOverview) => client.setQueryData(limitsKeys.overview(token), overview);
  return {
    set: useMutation({
      mutationFn: (input: SetLimit) => apiRequest('/api/limits', { method: 'PUT', body: input, schema: SetAnswerSchema }),
      onSuccess: (answer) => keep(answer),
    }),
    cancel: useMutation({
      mutationFn: (id: string) => apiRequest(`/api/limits/pending/${encodeURIComponent(id)}`, { method: 'DELETE', schema: LimitsOverviewSchema }),
      onSuccess: keep,
    }),
    realityCheck: useMutation({
      mutationFn: (minutes: number) => apiRequest('/api/limits/reality-check', { method: 'PUT', body: { minutes }, schema: LimitsOverviewSchema }),
      onSuccess: (overview) => {
        keep(overview);
        void client.invalidateQueries({ queryKey: limitsKeys.status(token) });
      },
    }),
  };
}
