import { z } from 'zod';
import { OPERATOR_ROLES } from './permissions.ts';
import { OperatorEnrolmentRequiredSchema, OperatorSchema } from './session.ts';

/**
 * An operator's lifecycle (issue 20), all operators.manage (owners). 'locked' is the stored
 * status of a disabled operator (the console calls it disabled): no login, no session.
 */
export const OPERATOR_STATUSES = ['active', 'locked'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** PUT /api/backoffice/operators/:id/status: disable ('locked') or re-enable ('active'). Sending the current status changes nothing. */
export const OperatorStatusRequestSchema = z.object({ status: z.enum(OPERATOR_STATUSES) });

/** PUT /api/backoffice/operators/:id/role: takes effect on the operator's next request. */
export const OperatorRoleRequestSchema = z.object({ role: z.enum(OPERATOR_ROLES) });

/** The answer to a status or role change: the operator now, whether this call changed it, sessions it ended. */
export const OperatorChangeResponseSchema = z.object({
  operator: OperatorSchema.extend({ status: z.enum(OPERATOR_STATUSES) }),
  changed: z.boolean(),
  sessionsEnded: z.number().int().nonnegative(),
});
export type OperatorChangeResponse = z.infer<typeof OperatorChangeResponseSchema>;

/**
 * POST /api/backoffice/operators/:id/credential-reset: the old password and two-factor stop
 * working and the sessions end at once; the token (shown once) goes in the console's link
 * /admin/reset#<token>, single use, until expiresAt (24 hours).
 */
export const CredentialResetCreatedSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type CredentialResetCreated = z.infer<typeof CredentialResetCreatedSchema>;

/** The link's token as the public reset calls take it (the shape the server issues). */
const ResetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the token of the link');

/** POST /api/backoffice/credential-reset/inspect: whose link it is, while it works. */
export const CredentialResetInspectRequestSchema = z.object({ token: ResetTokenSchema });
export const CredentialResetInspectResponseSchema = z.object({ username: z.string(), displayName: z.string(), expiresAt: z.string() });

/**
 * POST /api/backoffice/credential-reset/complete: the new password (the server's policy: 12–128,
 * letters and digits, not the username); answers the enrolment step a login gives an operator
 * without two-factor, so the console goes on with POST /api/backoffice/2fa/enrol and /confirm.
 */
export const CredentialResetCompleteRequestSchema = z.object({ token: ResetTokenSchema, newPassword: z.string().min(1).max(128) });
export const CredentialResetCompleteResponseSchema = OperatorEnrolmentRequiredSchema;
