import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContentItemSchema, ContentListResponseSchema, type ContentItemInput, type ContentKind, type Language } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const listKey = (kind: ContentKind) => ['backoffice', 'content', kind] as const;

/** Every item of a kind (any schedule, on or off); with a language, that language's and every-language items. */
export function useContentList(kind: ContentKind, language: Language | '') {
  return useQuery({
    queryKey: [...listKey(kind), language],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/content/${kind}${queryString({ language })}`, { schema: ContentListResponseSchema, signal }),
  });
}

/**
 * Creates (with the form's Idempotency-Key: a double click or a retry makes one item) or
 * replaces an item. The site hears of it at once (content.changed).
 */
export function useSaveContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: string | null; input: ContentItemInput; idempotencyKey: string }) =>
      save.id === null
        ? api('POST', `/api/backoffice/content/${kind}`, { body: save.input, schema: ContentItemSchema, headers: { 'Idempotency-Key': save.idempotencyKey } })
        : api('PUT', `/api/backoffice/content/${kind}/${save.id}`, { body: save.input, schema: ContentItemSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

export function useDeleteContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `/api/backoffice/content/${kind}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(kind) }),
  });
}
