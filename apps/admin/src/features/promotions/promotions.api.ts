import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminPromotionListSchema, AdminPromotionSchema, ApplicationReviewItemSchema, ApplicationReviewListSchema, PromotionCostReportSchema, type ApplicationDecision, type PromotionInput, type PromotionStatus } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';
import { readToken } from '../../shared/session-store.ts';

const KEY = ['backoffice', 'promotions'] as const;

export function usePromotionList() {
  return useQuery({ queryKey: [...KEY, 'list'], queryFn: ({ signal }) => api('GET', '/api/backoffice/promotions', { schema: AdminPromotionListSchema, signal }) });
}

/** The cost report per promotion (refreshed with the list: saving or ending a promotion invalidates both). */
export function useCostReport() {
  return useQuery({ queryKey: [...KEY, 'costs'], queryFn: ({ signal }) => api('GET', '/api/backoffice/promotions/costs', { schema: PromotionCostReportSchema, signal }) });
}

/** Create (with an Idempotency-Key per form opening: a double click makes one) or replace. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, key }: { id: string | null; input: PromotionInput; key: string }) =>
      id === null ? api('POST', '/api/backoffice/promotions', { body: input, headers: { 'Idempotency-Key': key }, schema: AdminPromotionSchema }) : api('PUT', `/api/backoffice/promotions/${id}`, { body: input, schema: AdminPromotionSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: PromotionStatus }) => api('PUT', `/api/backoffice/promotions/${id}/status`, { body: { status }, schema: AdminPromotionSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useApplications(state: 'applying' | 'approved' | 'rejected') {
  return useQuery({ queryKey: [...KEY, 'applications', state], queryFn: ({ signal }) => api('GET', `/api/backoffice/promotions/applications${queryString({ state })}`, { schema: ApplicationReviewListSchema, signal }) });
}

export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ApplicationDecision }) => api('POST', `/api/backoffice/promotions/applications/${id}/decision`, { body: decision, schema: ApplicationReviewItemSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** An application image behind the operator's token, as an object URL for <img> (freed on unmount). */
export function useApplicationImage(imageId: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const token = readToken();
    void fetch(`/api/backoffice/promotions/application-images/${imageId}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [imageId]);
  return url;
}
