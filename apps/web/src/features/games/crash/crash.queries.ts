import { queryOptions } from '@tanstack/react-query';
import { fetchCrashMe } from './crash.api.ts';

export const crashKeys = {
  all: ['crash'] as const,
  state: () => [...crashKeys.all, 'state'] as const,
  /** Keyed by token: a new login never shows the previous member's bet. */
  me: (token: string | null) => [...crashKeys.all, 'me', token] as const,
};

/** The member's bet in the live round and recent ones (real members only: visitors and trials have none). */
export function crashMeQueryOptions(token: string | null, enabled: boolean) {
  return queryOptions({ queryKey: crashKeys.me(token), queryFn: ({ signal }) => fetchCrashMe(signal), enabled: token !== null && enabled });
}
