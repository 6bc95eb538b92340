import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ComplianceAlertListSchema, type COMPLIANCE_ALERT_STATUSES, type CompliancePattern } from '@app/contracts';
import { api, downloadFile, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'compliance'] as const;

export interface AlertFilter {
  status: (typeof COMPLIANCE_ALERT_STATUSES)[number] | '';
  pattern: CompliancePattern | '';
  account: string;
  from: string;
  to: string;
  page: number;
}

export function useAlerts(filter: AlertFilter) {
  return useQuery({
    queryKey: [...KEY, 'alerts', filter],
    queryFn: ({ signal }) =>
      api(
        'GET',
        `/api/backoffice/compliance/alerts${queryString({ status: filter.status || undefined, pattern: filter.pattern || undefined, account: filter.account.trim() || undefined, from: filter.from || undefined, to: filter.to || undefined, page: filter.page })}`,
        { schema: ComplianceAlertListSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Acknowledges an alert with a note (audited by the server). */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => api('POST', `/api/backoffice/compliance/alerts/${id}/acknowledge`, { body: { note }, schema: z.object({ status: z.literal('acknowledged') }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Runs the patterns now (the job does it every 5 minutes). */
export function useEvaluate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/api/backoffice/compliance/alerts/evaluate', { schema: z.object({ created: z.record(z.string(), z.number()) }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function downloadExtract(day: string, family: 'bets' | 'wallet' | 'bettors', format: 'csv' | 'json') {
  return downloadFile(`/api/backoffice/compliance/extract${queryString({ day, family, format })}`, `extrato-${family}-${day}.${format}`);
}
