import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@app/i18n';
import { apiRequest, isApiError } from '../../../shared/api-client.ts';
import { clearSessionStorage, clearToken, getToken, isEndingOwnSession, useSessionToken } from '../../../shared/session-token.ts';
import { isAgentType, isTrialType } from '../member-types.ts';
import {
  LoginResponseSchema,
  MemberInfoSchema,
  type LoginInput,
  type LoginPortal,
  type LoginResponse,
  type MemberInfo,
} from './account.types.ts';

export const accountKeys = {
  all: ['account'] as const,
  member: () => [...accountKeys.all, 'member'] as const,
  /** Keyed by token so that a new login never shows the previous session's member. */
  memberInfo: (token: string | null) => [...accountKeys.member(), 'info', token] as const,
};

export function loginRequest(input: LoginInput, portal: LoginPortal = 'member'): Promise<LoginResponse> {
  const { username, password, type = 'username', captcha, verificationCode } = input;
  return apiRequest('/api/session/login', {
    method: 'POST',
    body: { username, password, type, portal, ...(captcha ? { captcha } : {}), ...(verificationCode ? { verificationCode } : {}) },
    schema: LoginResponseSchema,
    token: null,
  });
}

export function logoutRequest(token: string | null): Promise<void> {
  return apiRequest<void>('/api/session', { method: 'DELETE', token });
}

export async function fetchMemberInfo(token: string | null, signal?: AbortSignal): Promise<MemberInfo> {
  try {
    return await apiRequest('/api/member/info', { token, schema: MemberInfoSchema, signal });
  } catch (error) {
    // Spec: a 401 from member info ends the session (expired or revoked token).
    // Not while this tab's own request is ending it (endingOwnSession): that page leads the way out.
    if (isApiError(error) && error.status === 401 && token !== null && getToken() === token && !isEndingOwnSession()) clearToken();
    throw error;
  }
}

export function memberInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: accountKeys.memberInfo(token),
    queryFn: ({ signal }) => fetchMemberInfo(token, signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

/** Tells the server the member's language. The endpoint may not exist yet: a 404 is fine. */
export async function updateMemberLanguage(language: Language): Promise<void> {
  try {
    await apiRequest<void>('/api/member/language', { method: 'PUT', body: { language } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return;
    throw error;
  }
}

export interface Session {
  token: string | null;
  member: MemberInfo | undefined;
  /** Spec §4: loading member info is what marks the user logged in. */
  isLoggedIn: boolean;
  isAgent: boolean;
  isTrial: boolean;
  /** A token exists and its member info is still loading. */
  isResolving: boolean;
  isRefreshing: boolean;
  refresh: () => void;
}

export function useSession(): Session {
  const token = useSessionToken();
  const query = useQuery(memberInfoQueryOptions(token));
  const member = token ? query.data : undefined;
  return {
    token,
    member,
    isLoggedIn: member !== undefined,
    isAgent: member ? isAgentType(member.type) : false,
    isTrial: member ? isTrialType(member.type) : false,
    isResolving: token !== null && query.isPending,
    isRefreshing: query.isFetching,
    refresh: () => void query.refetch(),
  };
}

export function useLogin() {
  return useMutation({ mutationFn: (input: LoginInput) => loginRequest(input) });
}

/** Ends the session locally even if the server call fails: the player asked to leave. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logoutRequest(getToken());
      } catch {
        // Network or already-expired session: nothing more to undo on the server.
      }
    },
    onSettled: () => {
      clearSessionStorage();
      queryClient.removeQueries({ queryKey: accountKeys.all });
    },
  });
}
