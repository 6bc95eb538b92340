import { z } from 'zod';

/**
 * The back-office wire schemas live in @app/contracts (the console, apps/admin, parses the same
 * shapes); this module's routes take them from here. Server-only parameter shapes follow.
 */
export {
  OperatorCreatedResponseSchema,
  OperatorCreateRequestSchema,
  OperatorListResponseSchema,
  OperatorPasswordChangeRequestSchema,
  OperatorLoginRequestSchema,
  OperatorLoginResponseSchema,
  OperatorSessionResponseSchema,
  TotpConfirmRequestSchema,
  TotpEnrolmentResponseSchema,
  type OperatorLoginRequest,
  type OperatorLoginResponse,
  type TotpEnrolment,
} from '@app/contracts';

export const OperatorIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
