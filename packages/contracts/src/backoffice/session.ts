import { z } from 'zod';
import { CaptchaAnswerSchema } from '../registration.ts';
import { OPERATOR_ROLES } from './permissions.ts';

/** Six digits from the authenticator app; "123 456" as apps show it is accepted too. */
const TotpCodeSchema = z.string().trim().regex(/^\d{3} ?\d{3}$/, 'six digits');

/**
 * POST /api/backoffice/session. Usernames are compared lower-case; the length is checked after
 * lower-casing because a few characters grow when lower-cased (İ → i̇) and the throttle table
 * holds at most 64. An operator with two-factor authentication sends the app's code (`totp`) or
 * one of the recovery codes in the same request; without either the answer is 401
 * backoffice.totp_required, and the console asks for the code and sends everything again.
 */
export const OperatorLoginRequestSchema = z
  .object({
    username: z.string().trim().toLowerCase().min(1).max(64),
    // Never trimmed: spaces are part of a password. 128 is the password policy's maximum.
    password: z.string().min(1).max(128),
    totp: TotpCodeSchema.optional(),
    /** XXXX-XXXX-XXXX-XXXX; case, spaces and dashes do not matter. Each works once. */
    recoveryCode: z.string().trim().min(1).max(40).optional(),
    /** GET /api/captcha answered: asked for (400 auth.captcha_required) after repeated failures. */
    captcha: CaptchaAnswerSchema.optional(),
  })
  .refine((login) => login.totp === undefined || login.recoveryCode === undefined, { message: 'send the app code or a recovery code, not both', path: ['recoveryCode'] });
export type OperatorLoginRequest = z.infer<typeof OperatorLoginRequestSchema>;

export const OperatorSchema = z.object({
  /** Decimal string: JSON has no 64-bit integers. */
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** GET /api/backoffice/session. */
export const OperatorSessionResponseSchema = z.object({
  operator: OperatorSchema,
  /** The console must send the operator to a password change before anything else. */
  mustChangePassword: z.boolean(),
});

/** A full operator session. */
export const OperatorAuthenticatedSchema = OperatorSessionResponseSchema.extend({
  status: z.literal('authenticated'),
  /** Opaque bearer token: `Authorization: Bearer <token>`; 30 minutes idle, 8 hours at most. */
  token: z.string(),
});

/**
 * The right password of an operator without two-factor authentication yet: no session, only an
 * enrolment token (5 minutes) for POST /api/backoffice/2fa/enrol and /confirm.
 */
export const OperatorEnrolmentRequiredSchema = z.object({
  status: z.literal('enrolment_required'),
  /** `Authorization: Bearer <enrolmentToken>` on the two enrolment calls; refused everywhere else. */
  enrolmentToken: z.string(),
  expiresAt: z.string(),
  operator: OperatorSchema,
});

export const OperatorLoginResponseSchema = z.discriminatedUnion('status', [OperatorAuthenticatedSchema, OperatorEnrolmentRequiredSchema]);
export type OperatorLoginResponse = z.infer<typeof OperatorLoginResponseSchema>;

/**
 * POST /api/backoffice/2fa/enrol: a new key, shown once. Calling again replaces it (and the
 * recovery codes) until a code confirms it.
 */
export const TotpEnrolmentResponseSchema = z.object({
  /** otpauth://totp/… for the QR code (issuer = site name, account = username). */
  otpauthUri: z.string(),
  /** The same key in base32, for typing it into the app. */
  secret: z.string(),
  /** The otpauth URI drawn as a standalone SVG QR code. */
  qrSvg: z.string(),
  /** Ten single-use codes for when the phone is lost; shown only now, stored hashed. */
  recoveryCodes: z.array(z.string()).length(10),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentResponseSchema>;

/** POST /api/backoffice/2fa/confirm: the app's current code turns two-factor on; answers a full session. */
export const TotpConfirmRequestSchema = z.object({ code: TotpCodeSchema });

/** GET /api/backoffice/operators (operators.manage). */
export const OperatorListResponseSchema = z.object({
  operators: z.array(
    OperatorSchema.extend({
      status: z.enum(['active', 'locked']),
      /** Whether the operator has confirmed two-factor authentication. */
      twoFactorEnabled: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});

/** PUT /api/backoffice/session/password: the operator's own change; 204, other sessions end. */
export const OperatorPasswordChangeRequestSchema = z.object({
  currentPassword: z.string().min(1).max(128),
  // Checked by the server's policy (12–128, letters and digits, not the username): one message for all.
  newPassword: z.string().min(1).max(128),
});
export type OperatorPasswordChangeRequest = z.infer<typeof OperatorPasswordChangeRequestSchema>;

/** POST /api/backoffice/operators (operators.manage): a new operator with a temporary password. */
export const OperatorCreateRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, '3 to 32 letters, digits, dots, dashes or underscores'),
  displayName: z.string().trim().min(1).max(100),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorCreateRequest = z.infer<typeof OperatorCreateRequestSchema>;

/** The temporary password is shown once; the new operator changes it and enrols TOTP at first login. */
export const OperatorCreatedResponseSchema = z.object({ operator: OperatorSchema, temporaryPassword: z.string() });
