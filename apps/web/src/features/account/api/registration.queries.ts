import { queryOptions, useMutation } from '@tanstack/react-query';
import { accountKeys } from './account.queries.ts';
import {
  fetchCaptcha,
  fetchRegisterSettings,
  registerRequest,
  sendSmsCodeRequest,
  type RegisterMethod,
  type RegisterRequest,
  type SmsPurpose,
} from './registration.api.ts';

export const registrationKeys = {
  settings: (method: RegisterMethod) => [...accountKeys.all, 'register-settings', method] as const,
  /** One captcha per form (scope): the login and register boxes never share an image. */
  captcha: (scope: string) => [...accountKeys.all, 'captcha', scope] as const,
};

export function registerSettingsQueryOptions(method: RegisterMethod) {
  return queryOptions({
    queryKey: registrationKeys.settings(method),
    queryFn: ({ signal }) => fetchRegisterSettings(method, signal),
    staleTime: 60_000,
  });
}

/** A captcha is single use and expires: never cached beyond the form that shows it. */
export function captchaQueryOptions(scope: string, enabled: boolean) {
  return queryOptions({
    queryKey: registrationKeys.captcha(scope),
    queryFn: ({ signal }) => fetchCaptcha(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterRequest) => registerRequest(body) });
}

export function useSendSmsCode(purpose: SmsPurpose) {
  return useMutation({ mutationFn: (mobile: string) => sendSmsCodeRequest(mobile, purpose) });
}
