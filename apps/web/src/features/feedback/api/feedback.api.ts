import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedbackTicketListSchema, FeedbackTicketSchema, type FeedbackInput } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { useSession } from '../../account/index.ts';

/** PUT /wps/feedback (spec §7) as POST /api/feedback; the member's tickets at GET /api/feedback. */
export const FEEDBACK_API = { tickets: '/api/feedback' } as const;
export const feedbackKeys = { tickets: (token: string | null) => ['feedback', token, 'tickets'] as const };

export function useMyFeedback(enabled: boolean) {
  const { token } = useSession();
  return useQuery(memberQueryOptions({ token, queryKey: feedbackKeys.tickets(token), fetch: (signal) => apiRequest(FEEDBACK_API.tickets, { schema: FeedbackTicketListSchema, signal }), enabled, staleTime: 0 }));
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (input: FeedbackInput) => apiRequest(FEEDBACK_API.tickets, { method: 'POST', body: input, schema: FeedbackTicketSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.tickets(token) }),
  });
}
