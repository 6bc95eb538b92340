import { PaymentLimitsPayloadSchema, SETTING_SCHEMAS } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { ApprovalKindHandler } from '../../platform/approval-kinds.ts';
import type { DbExecutor } from '../../platform/db.ts';
import type { SystemService } from './system.service.ts';

export const PAYMENT_LIMITS_KIND = 'system.payment_limits';

/**
 * The payment limits (deposit and withdrawal minimum and maximum, the automatic approval
 * threshold, the payment timers) change only when a second operator approves: they decide which
 * withdrawals leave without anyone looking. The value is checked when proposed; the approval
 * stores it with its audit row in one transaction (the request's value, whatever changed since).
 */
export function paymentLimitsKind(deps: {
  system: SystemService;
  audit(executor: DbExecutor, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }): Promise<void>;
}): ApprovalKindHandler {
  return {
    kind: PAYMENT_LIMITS_KIND,
    permission: 'settings.manage',
    async prepare(input) {
      const parsed = SETTING_SCHEMAS.payments.safeParse(input);
      if (!parsed.success) {
        throw new AppError('validation.failed', 'invalid value for setting payments', {
          fields: parsed.error.issues.map((issue) => ({ path: ['payments', ...issue.path].join('.'), message: issue.message })),
        });
      }
      const before = (await deps.system.getSettings()).payments;
      if (JSON.stringify(before) === JSON.stringify(parsed.data)) throw new AppError('system.setting_unchanged', 'these payment limits are in force already');
      return { target: 'payments', payload: { before, after: parsed.data } };
    },
    async apply(tx, payload, actor) {
      const { after } = PaymentLimitsPayloadSchema.parse(payload);
      await deps.system.storeSetting(tx, 'payments', after, actor.username, (executor, change) =>
        deps.audit(executor, { operatorId: actor.id, action: 'system.setting.payments.updated', targetType: 'system_setting', targetId: 'payments', details: { ...change, approval: true }, ip: actor.ip }),
      );
      return { result: { key: 'payments' }, afterCommit: deps.system.settingsChanged };
    },
  };
}
