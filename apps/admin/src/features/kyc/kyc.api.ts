import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { KycQueueSchema, KycSubmissionSchema, type KycDecision } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'kyc'] as const;

export interface KycFilter {
  status: 'pending' | 'verified' | 'rejected';
  member: string;
}

export function useKycQueue(filter: KycFilter) {
  return useQuery({
    queryKey: [...KEY, 'queue', filter],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/kyc/verifications${queryString({ status: filter.status, member: filter.member.trim() || undefined })}`, { schema: KycQueueSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useKycSubmission(id: string) {
  return useQuery({ queryKey: [...KEY, 'submission', id], queryFn: ({ signal }) => api('GET', `/api/backoffice/kyc/verifications/${id}`, { schema: KycSubmissionSchema, signal }) });
}

export const kycFilePath = (id: string, fileId: string) => `/api/backoffice/kyc/verifications/${id}/files/${fileId}`;

/** Approve, or reject with a reason; the server audits it and tells the member. */
export function useDecideKyc(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecision) => api('POST', `/api/backoffice/kyc/verifications/${id}/decision`, { body: decision, schema: z.object({ id: z.string(), status: z.string() }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
