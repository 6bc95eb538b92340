import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KycDraftFileSchema, KycStatusSchema, type KycDocumentType, type KycSlot, type KycStatus } from '@app/contracts';
import { apiRequest } from '../../shared/api-client.ts';
import { memberQueryOptions } from '../../shared/member-query.ts';
import { getToken } from '../../shared/session-token.ts';

export const kycKeys = { status: (token: string | null) => ['kyc', token, 'status'] as const };

export function useKycStatus() {
  const token = getToken();
  return useQuery(memberQueryOptions({ token, queryKey: kycKeys.status(token), fetch: (signal): Promise<KycStatus> => apiRequest('/api/kyc', { schema: KycStatusSchema, signal }) }));
}

export function useKycMutations() {
  const client = useQueryClient();
  const token = getToken();
  const refresh = () => client.invalidateQueries({ queryKey: kycKeys.status(token) });
  return {
    // The file's bytes as the body (the server sniffs the type); its name only for the reviewer.
    upload: useMutation({
      mutationFn: ({ slot, file }: { slot: KycSlot; file: File }) =>
        apiRequest(`/api/kyc/files/${slot}?name=${encodeURIComponent(file.name.slice(0, 200))}`, { method: 'PUT', raw: { data: file, contentType: 'application/octet-stream' }, schema: KycDraftFileSchema }),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (slot: KycSlot) => apiRequest<void>(`/api/kyc/files/${slot}`, { method: 'DELETE' }), onSettled: refresh }),
    submit: useMutation({
      mutationFn: (documentType: KycDocumentType) => apiRequest('/api/kyc/submit', { method: 'POST', body: { documentType }, schema: KycStatusSchema }),
      onSuccess: (status) => client.setQueryData(kycKeys.status(token), status),
    }),
  };
}
