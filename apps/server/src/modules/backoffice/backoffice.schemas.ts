import { z } from 'zod';
import { OPERATOR_ROLES } from './operator-role.ts';

/**
 * Usernames are compared lower-case; the length is checked after lower-casing because a few
 * characters grow when lower-cased (İ → i̇) and the throttle table holds at most 64.
 */
export const OperatorLoginRequestSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  // Never trimmed: spaces are part of a password. 128 is the password policy's maximum.
  password: z.string().min(1).max(128),
});
export type OperatorLoginRequest = z.infer<typeof OperatorLoginRequestSchema>;

export const OperatorSchema = z.object({
  /** Decimal string: JSON has no 64-bit integers. */
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
});

export const OperatorSessionResponseSchema = z.object({
  operator: OperatorSchema,
  /** The console must send the operator to a password change before anything else. */
  mustChangePassword: z.boolean(),
});

export const OperatorLoginResponseSchema = OperatorSessionResponseSchema.extend({
  /** Opaque bearer token: `Authorization: Bearer <token>`; 30 minutes idle, 8 hours at most. */
  token: z.string(),
});
