import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BootInfoSchema, GgrReportSchema, PaymentsReportSchema, todayIn, type ReportGroupBy } from '@app/contracts';
import { api, downloadFile, queryString } from '../../shared/api.ts';

const SiteTimeZoneSchema = BootInfoSchema.pick({ timeZone: true });

/** Today in the site's time zone (the reports' days), from the public boot information. */
export function useSiteToday(): string | undefined {
  const query = useQuery({
    queryKey: ['backoffice', 'site-time-zone'],
    queryFn: ({ signal }) => api('GET', '/api/system/boot', { schema: SiteTimeZoneSchema, signal, token: null }),
    staleTime: 3_600_000,
  });
  if (query.isError) return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
  return query.data ? todayIn(query.data.timeZone, new Date()) : undefined;
}

export interface RangeFilter {
  from: string;
  to: string;
}

export function useGgrReport(filter: (RangeFilter & { groupBy: ReportGroupBy }) | null) {
  return useQuery({
    queryKey: ['backoffice', 'reports', 'ggr', filter],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/reports/ggr${queryString({ ...filter })}`, { schema: GgrReportSchema, signal }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePaymentsReport(filter: RangeFilter | null) {
  return useQuery({
    queryKey: ['backoffice', 'reports', 'payments', filter],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/reports/payments${queryString({ ...filter })}`, { schema: PaymentsReportSchema, signal }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function downloadGgrCsv(filter: RangeFilter & { groupBy: ReportGroupBy }) {
  return downloadFile(`/api/backoffice/reports/ggr.csv${queryString({ ...filter })}`, `ggr-${filter.groupBy}-${filter.from}-${filter.to}.csv`);
}

export function downloadPaymentsCsv(filter: RangeFilter) {
  return downloadFile(`/api/backoffice/reports/payments.csv${queryString({ ...filter })}`, `payments-${filter.from}-${filter.to}.csv`);
}
