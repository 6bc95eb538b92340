import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@app/kernel';
import { ApprovalRequestSchema, ErrorResponseSchema, hasPermission, isSiteSetting, PaymentLimitsProposalSchema, type OperatorPermission } from '@app/contracts';
import type { ApprovalsAccess } from '../../platform/approval-kinds.ts';
import type { DbExecutor } from '../../platform/db.ts';
import { compileIpRules } from '../../platform/ip-rules.ts';
import { PAYMENT_LIMITS_KIND, paymentLimitsKind } from './system.approvals.ts';
import type { SystemService } from './system.service.ts';
import { SETTING_KEYS, type SettingKey } from './system.settings.ts';

export interface SettingsAdminDeps {
  system: SystemService;
  requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler;
  audit(executor: DbExecutor, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }): Promise<void>;
  /** The payment limits change only once a second operator approves (system.approvals.ts). */
  approvals: ApprovalsAccess;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const bearer = [{ operator: [] }];
const KeyParams = z.object({ key: z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]) });

/**
 * /api/backoffice/settings: read every setting; replace one. Site texts, contacts and app links
 * need settings.site (content role); everything else (maintenance, region, limits…) settings.manage
 * (owner); the payment limits are proposed and change when another operator approves. Each change
 * is audited with its before and after and reaches every process and open site at once.
 */
export function systemAdminRoutes(deps: SettingsAdminDeps): FastifyPluginAsyncZod {
  deps.approvals.register(paymentLimitsKind(deps));
  return async (app) => {
    const tags = ['back-office: settings'];
    const operatorOf = (request: FastifyRequest) => {
      if (!request.operator) throw new AppError('backoffice.session_required', 'operator session required, please log in');
      return request.operator;
    };

    app.get(
      '/backoffice/settings',
      { preHandler: deps.requireOperator('settings.site'), schema: { tags, security: bearer, response: { 200: z.record(z.string(), z.unknown()), ...errors } } },
      async (request) => {
        const settings = await deps.system.getSettings();
        if (hasPermission(operatorOf(request).role, 'settings.manage')) return settings;
        // Other roles read only what they may change (the default password, limits… are the owner's).
        return Object.fromEntries(Object.entries(settings).filter(([key]) => isSiteSetting(key as SettingKey)));
      },
    );

    app.put(
      '/backoffice/settings/:key',
      { preHandler: deps.requireOperator('settings.site'), schema: { tags, security: bearer, params: KeyParams, body: z.unknown(), response: { 200: z.unknown(), ...errors } } },
      async (request) => {
        const operator = operatorOf(request);
        const { key } = request.params;
        if (!isSiteSetting(key) && !hasPermission(operator.role, 'settings.manage')) throw new AppError('backoffice.forbidden', `only the owner may change ${key}`);
        if (key === 'payments') throw new AppError('system.setting_needs_approval', 'propose the payment limits: POST /api/backoffice/settings/payments/proposal');
        if (key === 'backoffice') assertKeepsRequesterIn(request.body, request.ip);
        return deps.system.updateSetting(key, request.body, operator.username, (tx, change) =>
          deps.audit(tx, { operatorId: operator.id, action: `system.setting.${key}.updated`, targetType: 'system_setting', targetId: key, details: change, ip: request.ip }),
        );
      },
    );

    app.post(
      '/backoffice/settings/payments/proposal',
      {
        preHandler: deps.requireOperator('settings.manage'),
        schema: {
          tags,
          summary: 'Propose the payment limits: they change when another operator approves (202, the approval request)',
          security: bearer,
          body: PaymentLimitsProposalSchema,
          response: { 200: ApprovalRequestSchema, 202: ApprovalRequestSchema, ...errors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const operator = operatorOf(request);
        const { request: proposal, replayed } = await deps.approvals.propose({ id: operator.id, username: operator.username, role: operator.role, ip: request.ip }, PAYMENT_LIMITS_KIND, request.body.value, request.body.reason);
        return reply.code(replayed ? 200 : 202).send(proposal);
      },
    );
  };
}

/**
 * An allow-list that leaves out the operator saving it would lock them (and maybe everyone) out
 * at once; it is refused. The command line (npm run system -- set backoffice …) can still clear it.
 */
function assertKeepsRequesterIn(value: unknown, ip: string) {
  const list = (value as { ipAllowList?: unknown } | null)?.ipAllowList;
  // Malformed values are left to the schema, which refuses them with field details.
  if (!Array.isArray(list) || list.length === 0 || !list.every((entry) => typeof entry === 'string')) return;
  let includesRequester: boolean;
  try {
    includesRequester = compileIpRules(list as string[])(ip);
  } catch {
    return;
  }
  if (!includesRequester) {
    throw new AppError('validation.failed', 'the allow-list must include the address you are using', {
      fields: [{ path: 'backoffice.ipAllowList', message: `must include your current address ${ip}` }],
    });
  }
}
