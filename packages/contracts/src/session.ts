import { z } from 'zod';
import { LanguageSchema } from './common.ts';

/** Spec §5: username and password required and trimmed. Lengths are generous upper bounds. */
export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha: z
    .object({ id: z.string().min(1).max(64), answer: z.string().trim().min(1).max(16) })
    .optional(),
  type: z.enum(['username', 'sms']).default('username'),
  /** The SMS code, when the server asked for new-device verification (auth.new_device_verification). */
  verificationCode: z.string().regex(/^\d{6}$/).optional(),
  /** Where the login happens: the member site or the agent login page (only agents may use it). */
  portal: z.enum(['member', 'agent']).default('member'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Spec §3 member info; balance is a decimal string ("12.34"). */
export const MemberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  balance: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  language: LanguageSchema.nullable(),
  /** Bound contacts, masked (+5511*****678, jo***@example.com); null when not bound. */
  mobileMasked: z.string().nullable(),
  emailMasked: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  /** Spec §4: the password must be changed before anything else (default or expired password). */
  passwordExpired: z.boolean(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

export const UpdateLanguageRequestSchema = z.object({ language: LanguageSchema });

/**
 * Session hand-off: a single-use code, valid 60 s, that opens a new session for the same member
 * elsewhere (an app, another tab). Links carry `?handoff=<code>`, never a session token.
 */
export const HANDOFF_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const HandoffCodeResponseSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
});
export type HandoffCodeResponse = z.infer<typeof HandoffCodeResponseSchema>;
/** Bounded on the wire; a code of another shape is answered as an invalid code, not a 500. */
export const HandoffExchangeRequestSchema = z.object({ code: z.string().max(256) });
export type HandoffExchangeRequest = z.infer<typeof HandoffExchangeRequestSchema>;
export const HandoffExchangeResponseSchema = z.object({
  token: z.string(),
  /** Whose session it is, so the app can ask before replacing another account's live session. */
  account: z.string(),
});
export type HandoffExchangeResponse = z.infer<typeof HandoffExchangeResponseSchema>;

export const AGENT_ACCOUNT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_ACCOUNT_TYPE = 4;
export function isAgentAccountType(type: number): boolean {
  return (AGENT_ACCOUNT_TYPES as readonly number[]).includes(type);
}
