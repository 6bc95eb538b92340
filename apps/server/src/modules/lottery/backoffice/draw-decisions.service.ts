import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  LOTTERY_CANCEL_APPROVAL_KIND,
  LOTTERY_RESULT_APPROVAL_KIND,
  LotteryCancelApprovalPayloadSchema,
  LotteryResultApprovalPayloadSchema,
  type LotteryResult,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import type { ApprovalActor, ApprovalContext, ApprovalKindHandler } from '../../../platform/approval-kinds.ts';
import type { Db } from '../../../platform/db.ts';
import { LotteryDomainError, validateResult } from '../domain/index.ts';
import * as repository from './console.repository.ts';
import { money } from './views.ts';

export type AuditWriter = (executor: Db, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;

/** What the console needs of the draws service (draws/draws.service.ts). */
export interface DrawActions {
  enterResult(drawId: bigint, result: LotteryResult, actor: string): Promise<number>;
  correctResult(drawId: bigint, result: LotteryResult, actor: string, reason: string | null): Promise<number>;
  cancelDraw(drawId: bigint, reason: string, actor: string | null): Promise<{ refunds: number }>;
}

/** A result can be entered once the draw closed; corrected once it has one. */
const RESULTABLE = ['closed', 'drawn', 'settled'];
/** Settled draws paid their tickets: they are corrected, not cancelled. */
const CANCELLABLE = ['scheduled', 'open', 'closed', 'drawn'];

const ResultInputSchema = z.object({ drawId: z.string().regex(/^\d{1,18}$/), result: z.unknown() });
const CancelInputSchema = z.object({ drawId: z.string().regex(/^\d{1,18}$/) });

/** Who did it, as the draw's tables keep it: the maker, then the checker who approved. */
const byline = (request: ApprovalContext, checker: ApprovalActor) => `${request.requestedBy}/${checker.username}`.slice(0, 200);

/**
 * The console's two maker-checker decisions on a draw (issue 24), held and decided by the back
 * office's approvals module: one operator proposes, another with lottery.settle approves (the
 * approvals module refuses the maker and decides a request once, locking its row, so two
 * approvals at once run the action once). Both run after the approval commits, through the draws
 * service, which opens its own transactions (a result's settlement or the refunds follow in the
 * settlement job).
 * - lottery.draw_result: a real-world draw's first result or its correction, checked by the
 *   domain's validateResult when proposed; refused at approval if another result landed since.
 * - lottery.draw_cancel: the draw cancelled, every open ticket refunded (once, by the settlement job).
 */
export function createDrawDecisions(deps: { db: Db; draws: DrawActions; audit: AuditWriter }) {
  const { db } = deps;

  async function drawOf(drawId: string) {
    const draw = await repository.findDraw(db, BigInt(drawId));
    if (!draw) throw new AppError('lottery_console.draw_not_found', 'no such draw', { drawId });
    return draw;
  }

  function cleanResult(result: unknown, family: repository.DrawRow['family']): LotteryResult {
    try {
      return validateResult(result, family);
    } catch (error) {
      if (error instanceof LotteryDomainError) throw new AppError('lottery_console.result_invalid', error.message, { reason: error.code });
      throw error;
    }
  }

  const resultKind: ApprovalKindHandler = {
    kind: LOTTERY_RESULT_APPROVAL_KIND,
    permission: 'lottery.settle',
    async prepare(input) {
      const parsed = ResultInputSchema.safeParse(input);
      if (!parsed.success) throw new AppError('lottery_console.result_invalid', 'a draw id and a result');
      const draw = await drawOf(parsed.data.drawId);
      // Fast draws are drawn in-house by commit-reveal: a hand-typed result would break the proof.
      if (draw.family === 'fast_5d' || !RESULTABLE.includes(draw.status)) throw new AppError('lottery_console.draw_not_drawable', `draw ${draw.id} is ${draw.status}`, { status: draw.status, family: draw.family });
      const result = cleanResult(parsed.data.result, draw.family);
      const inForce = (await repository.resultVersions(db, draw.id)).find((row) => row.in_force);
      if (inForce && isDeepStrictEqual(inForce.result, JSON.parse(JSON.stringify(result)))) throw new AppError('lottery_console.result_unchanged', 'the result in force is the same');
      const payload = LotteryResultApprovalPayloadSchema.parse({ drawId: parsed.data.drawId, result, expectedVersion: draw.result_version, correction: draw.result_version > 0, gameCode: draw.game_code, drawNo: draw.draw_no });
      return { payload, target: `draw:${draw.id}` };
    },
    async run(stored, actor, request) {
      const payload = LotteryResultApprovalPayloadSchema.parse(stored);
      const draw = await drawOf(payload.drawId);
      if (draw.result_version !== payload.expectedVersion) throw new AppError('lottery_console.result_changed', 'another result landed since the proposal', { expected: payload.expectedVersion, now: draw.result_version });
      const drawId = BigInt(payload.drawId);
      const version = payload.correction ? await deps.draws.correctResult(drawId, payload.result, byline(request, actor), request.reason) : await deps.draws.enterResult(drawId, payload.result, byline(request, actor));
      await deps.audit(db, {
        operatorId: actor.id,
        action: payload.correction ? 'lottery.result.corrected' : 'lottery.result.entered',
        targetType: 'lottery_draw',
        targetId: payload.drawId,
        details: { result: payload.result, version, reason: request.reason, requestedBy: request.requestedBy, approvalId: request.id.toString() },
        ip: actor.ip,
      });
      return { result: { drawId: payload.drawId, version, correction: payload.correction } };
    },
  };

  const cancelKind: ApprovalKindHandler = {
    kind: LOTTERY_CANCEL_APPROVAL_KIND,
    permission: 'lottery.settle',
    async prepare(input) {
      const parsed = CancelInputSchema.safeParse(input);
      if (!parsed.success) throw new AppError('lottery_console.id_invalid', 'a draw id');
      const draw = await drawOf(parsed.data.drawId);
      if (!CANCELLABLE.includes(draw.status)) throw new AppError('lottery_console.draw_not_cancellable', `draw ${draw.id} is ${draw.status}`, { status: draw.status });
      const payload = LotteryCancelApprovalPayloadSchema.parse({ drawId: parsed.data.drawId, gameCode: draw.game_code, drawNo: draw.draw_no, tickets: draw.tickets, stake: money(draw.stake) });
      return { payload, target: `draw:${draw.id}` };
    },
    async run(stored, actor, request) {
      const payload = LotteryCancelApprovalPayloadSchema.parse(stored);
      const { refunds } = await deps.draws.cancelDraw(BigInt(payload.drawId), request.reason, byline(request, actor));
      await deps.audit(db, {
        operatorId: actor.id,
        action: 'lottery.draw.cancelled',
        targetType: 'lottery_draw',
        targetId: payload.drawId,
        details: { reason: request.reason, refunds, requestedBy: request.requestedBy, approvalId: request.id.toString() },
        ip: actor.ip,
      });
      return { result: { drawId: payload.drawId, refunds } };
    },
  };

  return { kinds: [resultKind, cancelKind] };
}
