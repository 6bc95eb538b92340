import { z } from 'zod';
import { FieldRuleSchema } from './accounts/field-rules.ts';
import { RegistrationLimitsSchema } from './limits.ts';

export const CaptchaAnswerSchema = z.object({ id: z.string().min(1).max(64), answer: z.string().trim().min(1).max(16) });
export const BotCheckProofSchema = z.object({ challenge: z.string().min(1).max(512), nonce: z.string().min(1).max(20) });

export const CaptchaResponseSchema = z.object({ id: z.string(), image: z.string(), expiresAt: z.string() });
export const BotChallengeResponseSchema = z.object({ challenge: z.string(), difficultyBits: z.number().int(), expiresAt: z.string() });
export const BotChallengeQuerySchema = z.object({ purpose: z.enum(['register', 'login']) });

/** Spec §3 registration user: the form's fields travel as strings and are checked against the server's rules. */
export const RegisterRequestSchema = z.object({
  method: z.enum(['username', 'mobile']),
  fields: z.record(z.string().max(40), z.string().max(500)).refine((fields) => Object.keys(fields).length <= 40, 'too many fields'),
  captcha: CaptchaAnswerSchema.optional(),
  botCheck: BotCheckProofSchema,
  agreeTerms: z.boolean(),
  confirm21: z.boolean().optional(),
  /** From /register?referralCode=…: the agent whose link brought the visitor. */
  referralCode: z.string().trim().max(40).optional(),
  /** Responsible-gaming limits proposed at sign-up (issue 27; absent: none asked, e.g. older clients). */
  limits: RegistrationLimitsSchema.optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const RegistrationSettingsSchema = z.object({
  methods: z.object({ username: z.boolean(), mobile: z.boolean(), mobilePassword: z.boolean(), smsVerification: z.boolean() }),
  /** Enabled fields only, in display order. */
  fields: z.array(FieldRuleSchema),
  captchaRequired: z.boolean(),
  affiliateValidation: z.boolean(),
  confirm21: z.boolean(),
  minAge: z.number().int(),
  /** Date picker maximum (spec: 31 December of the year minAge years ago). */
  birthdayMax: z.string(),
  smsExpiredMinutes: z.number().int(),
});
export type RegistrationSettings = z.infer<typeof RegistrationSettingsSchema>;

export const SendSmsCodeRequestSchema = z.object({
  mobile: z.string().trim().min(1).max(30),
  purpose: z.enum(['register', 'login', 'reset_password']),
});
export const SendSmsCodeResponseSchema = z.object({ expiredMinutes: z.number().int(), resendAfterSeconds: z.number().int() });

/** Field problems in validation.failed details: the SPA shows t(`validation:${messageKey}`, params). */
export const FieldProblemDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  messageKey: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldProblemDetail = z.infer<typeof FieldProblemDetailSchema>;
