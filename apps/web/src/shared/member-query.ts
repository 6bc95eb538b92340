import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

export interface MemberQuery<Data, Key extends QueryKey> {
  /** The session's token: nothing is asked while logged out. The key holds it too, so a new login never sees the last member's answer. */
  token: string | null;
  queryKey: Key;
  fetch: (signal: AbortSignal) => Promise<Data>;
  /** False while the caller's input is incomplete or invalid (a custom period half typed). */
  enabled?: boolean;
  /**
   * A list or report for chosen filters: paging or a new filter keeps the previous answer on
   * screen, dimmed, until the new one arrives.
   */
  keepPrevious?: boolean;
  /** Left out, the app's default holds (query-client.ts); given, it replaces it. */
  staleTime?: number;
  refetchOnWindowFocus?: boolean;
}

/** Query options for what only a logged-in member may read. */
export function memberQueryOptions<Data, Key extends QueryKey>(query: MemberQuery<Data, Key>) {
  const { token, queryKey, fetch, enabled = true, keepPrevious = false, staleTime, refetchOnWindowFocus } = query;
  // An option set to undefined would override the client's default, so only the given ones go in.
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    enabled: token !== null && enabled,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(refetchOnWindowFocus === undefined ? {} : { refetchOnWindowFocus }),
  });
}
