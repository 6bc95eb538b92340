import { BONUS_GRANT_KIND, BonusGrantProposalSchema } from '@app/contracts';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { ApprovalKindHandler } from '../../platform/approval-kinds.ts';
import type { DbExecutor } from '../../platform/db.ts';
import type { BonusService } from './bonus.service.ts';

export type AuditWriter = (executor: DbExecutor, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;

/**
 * An operator's manual bonus grant (maker-checker): checked when proposed, granted with its audit
 * row when a second operator with the same permission approves. The grant's key is the request's
 * id, so the approval grants once whatever retries it.
 */
export function manualGrantKind(deps: { service: BonusService; memberIdOf: (account: string) => Promise<bigint | undefined>; audit: AuditWriter }): ApprovalKindHandler {
  return {
    kind: BONUS_GRANT_KIND,
    permission: 'balance.adjust.approve',
    async prepare(input) {
      const parsed = BonusGrantProposalSchema.omit({ reason: true }).safeParse(input);
      if (!parsed.success) throw new AppError('bonus.grant_invalid', parsed.error.issues.map((issue) => issue.message).join('; '));
      const memberId = await deps.memberIdOf(parsed.data.account);
      if (memberId === undefined) throw new AppError('bonus.grant_invalid', `no member ${parsed.data.account}`);
      const amount = parseCents(parsed.data.amount)!;
      // The same grant proposed twice (a double click) answers the pending request.
      return {
        target: `${parsed.data.account}:${formatCents(amount)}:${parsed.data.wageringMultiple}x:${parsed.data.expiryDays}d`,
        payload: { memberId: memberId.toString(), account: parsed.data.account, amount: formatCents(amount), wageringMultiple: parsed.data.wageringMultiple, expiryDays: parsed.data.expiryDays },
      };
    },
    async apply(tx, payload, actor, request) {
      const memberId = BigInt(String(payload.memberId));
      const amount = parseCents(String(payload.amount))!;
      const { grantId, created } = await deps.service.grant(tx, {
        key: `approval:${request.id}`,
        memberId,
        amount,
        wageringMultiple: Number(payload.wageringMultiple),
        expiresAt: new Date(Date.now() + Number(payload.expiryDays) * 86_400_000),
        source: { kind: 'operator', id: request.id.toString() },
        note: request.reason,
      });
      await deps.audit(tx, {
        operatorId: actor.id,
        action: 'bonus.granted',
        targetType: 'member',
        targetId: memberId.toString(),
        details: { grantId: grantId.toString(), amount: formatCents(amount), wageringMultiple: payload.wageringMultiple, approval: request.id.toString(), requestedBy: request.requestedBy },
        ip: actor.ip,
      });
      return { result: { grantId: grantId.toString(), created } };
    },
  };
}
