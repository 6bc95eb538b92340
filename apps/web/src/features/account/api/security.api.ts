import { LoginResponseSchema, SessionListSchema, type LoginResponse, type SessionView } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

export type { SessionView };

export function changePasswordRequest(body: { currentPassword: string; newPassword: string }): Promise<void> {
  return apiRequest<void>('/api/member/password', { method: 'PUT', body });
}

export function setPaymentPasswordRequest(body: { password: string; paymentPassword: string }): Promise<void> {
  return apiRequest<void>('/api/member/payment-password', { method: 'PUT', body });
}

export async function fetchSessions(signal?: AbortSignal): Promise<SessionView[]> {
  const { sessions } = await apiRequest('/api/member/sessions', { schema: SessionListSchema, signal });
  return sessions;
}

export function signOutOthersRequest(): Promise<void> {
  return apiRequest<void>('/api/member/sessions/others', { method: 'DELETE' });
}

export function resetBySmsRequest(body: { mobile: string; code: string; newPassword: string }): Promise<LoginResponse> {
  return apiRequest('/api/member/password/reset/sms', { method: 'POST', body, schema: LoginResponseSchema, token: null });
}

/** 202 whether or not the address is registered: the answer never reveals who has an account. */
export function requestEmailResetRequest(email: string): Promise<void> {
  return apiRequest<void>('/api/member/password/reset/email', { method: 'POST', body: { email }, token: null });
}

export function resetByEmailTokenRequest(body: { token: string; newPassword: string }): Promise<void> {
  return apiRequest<void>('/api/member/password/reset', { method: 'POST', body, token: null });
}

export function startTrialRequest(): Promise<LoginResponse> {
  return apiRequest('/api/session/trial', { method: 'POST', schema: LoginResponseSchema, token: null });
}
