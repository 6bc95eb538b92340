import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GameDrawSchema, PromotionGameSchema } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { useSession } from '../../account/index.ts';
import { useContentLanguage } from '../../content/index.ts';
import { promotionKeys } from './promotions.api.ts';

const gameKey = (id: string, token: string | null, language: string) => [...promotionKeys.all, 'game', id, token, language] as const;

/** A new id per intent: a retried request with it answers the first draw instead of playing another ticket. */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

/** A prize game's table (and the member's tickets and draws when logged in). */
export function usePromotionGame(id: string) {
  const { token, isLoggedIn, isResolving } = useSession();
  const language = useContentLanguage();
  const mine = isLoggedIn;
  return useQuery({
    queryKey: gameKey(id, mine ? token : null, language),
    queryFn: ({ signal }) => apiRequest(`/api/promotions/${id}/game${mine ? '/mine' : ''}?language=${language}`, { schema: PromotionGameSchema, signal, ...(mine ? {} : { token: null }) }),
    enabled: !isResolving,
  });
}

/** Plays one ticket; the drawn prize is already paid when this answers. The game is read again after the animation. */
export function useGameDraw(id: string) {
  const language = useContentLanguage();
  return useMutation({
    mutationFn: (input: { choice: number | null; requestId: string }) => apiRequest(`/api/promotions/${id}/draw?language=${language}`, { method: 'POST', body: input, schema: GameDrawSchema }),
  });
}

/** Reads the promotions and the game again (after a draw's animation ends, or a raffle entry); the balance follows the wallet's realtime message. */
export function useGameRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: promotionKeys.all });
}

export function useRaffleEntry(id: string) {
  const language = useContentLanguage();
  const refresh = useGameRefresh();
  return useMutation({
    mutationFn: (input: { tickets: number; requestId: string }) => apiRequest(`/api/promotions/${id}/raffle/entries?language=${language}`, { method: 'POST', body: input, schema: PromotionGameSchema }),
    onSettled: refresh,
  });
}
