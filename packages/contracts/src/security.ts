import { z } from 'zod';

const NewPasswordSchema = z.string().min(1).max(128);

export const ResetBySmsRequestSchema = z.object({
  mobile: z.string().trim().min(1).max(30),
  code: z.string().regex(/^\d{6}$/),
  newPassword: NewPasswordSchema,
});
export const EmailResetRequestSchema = z.object({ email: z.string().trim().min(3).max(254) });
export const ResetByEmailRequestSchema = z.object({ token: z.string().min(1).max(100), newPassword: NewPasswordSchema });
export const ChangePasswordRequestSchema = z.object({ currentPassword: z.string().min(1).max(128), newPassword: NewPasswordSchema });
/** The payment password is a 6-digit PIN; setting it needs the login password (ASVS 7.5.1). */
export const SetPaymentPasswordRequestSchema = z.object({ password: z.string().min(1).max(128), paymentPassword: z.string().regex(/^\d{6}$/) });

export const SessionViewSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const SessionListSchema = z.object({ sessions: z.array(SessionViewSchema) });
export type SessionView = z.infer<typeof SessionViewSchema>;
