import {
  BotChallengeResponseSchema,
  CaptchaResponseSchema,
  LoginResponseSchema,
  RegistrationSettingsSchema,
  SendSmsCodeResponseSchema,
  type LoginResponse,
  type RegisterRequest,
  type RegistrationSettings,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

export type RegisterMethod = 'username' | 'mobile';
export type SmsPurpose = 'register' | 'login' | 'reset_password';
// Inferred through parse so the SPA needs no direct zod dependency (as in shared/api-client.ts).
export type CaptchaChallenge = ReturnType<typeof CaptchaResponseSchema.parse>;
export type BotChallenge = ReturnType<typeof BotChallengeResponseSchema.parse>;
export type SmsCodeSent = ReturnType<typeof SendSmsCodeResponseSchema.parse>;
export type { RegisterRequest, RegistrationSettings };

export function fetchRegisterSettings(method: RegisterMethod, signal?: AbortSignal): Promise<RegistrationSettings> {
  return apiRequest(`/api/member/register/settings?method=${method}`, { schema: RegistrationSettingsSchema, signal, token: null });
}

export function fetchCaptcha(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return apiRequest('/api/captcha', { schema: CaptchaResponseSchema, signal, token: null });
}

export function fetchBotChallenge(purpose: 'register' | 'login', signal?: AbortSignal): Promise<BotChallenge> {
  return apiRequest(`/api/bot-check/challenge?purpose=${purpose}`, { schema: BotChallengeResponseSchema, signal, token: null });
}

/** No session token: a trial player registering gets a brand-new account, not an upgrade. */
export function registerRequest(body: RegisterRequest): Promise<LoginResponse> {
  return apiRequest('/api/member/register', { method: 'POST', body, schema: LoginResponseSchema, token: null });
}

export function sendSmsCodeRequest(mobile: string, purpose: SmsPurpose): Promise<SmsCodeSent> {
  return apiRequest('/api/verification/sms', { method: 'POST', body: { mobile, purpose }, schema: SendSmsCodeResponseSchema, token: null });
}
