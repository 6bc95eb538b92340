import { AppError, parseCents } from '@app/kernel';
import type { ApplicationDecision, ApplicationReviewItem } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as definitions from './definitions.repository.ts';
import * as participation from './participation.repository.ts';
import type { ParticipationRow } from './participation.repository.ts';
import { issueReward } from './rewards.repository.ts';
import type { OperatorActor, PromotionsPorts } from './promotions.ports.ts';

/**
 * The operators' review queue of applications. Approving issues the promotion's reward (once per
 * application: its source key) for the member to claim in the reward centre; rejecting records the
 * reason the member sees. Each decision and its audit row are one transaction.
 */
export function createReviewService(deps: { db: Db; ports: PromotionsPorts }) {
  async function items(rows: (ParticipationRow & { account: string })[]): Promise<ApplicationReviewItem[]> {
    const images = await participation.imagesOf(deps.db, rows.map((row) => row.id));
    const titles = new Map<bigint, string>();
    for (const id of new Set(rows.map((row) => row.promotionId))) titles.set(id, (await definitions.findPromotion(deps.db, id))?.texts.pt.title ?? '');
    return rows.map((row) => ({
      id: row.id.toString(),
      promotionId: row.promotionId.toString(),
      promotionTitle: titles.get(row.promotionId) ?? '',
      memberId: row.memberId.toString(),
      account: row.account,
      comment: row.comment ?? '',
      images: images.filter((image) => image.participationId === row.id).map((image) => ({ id: image.id.toString(), contentType: image.contentType })),
      state: row.state as ApplicationReviewItem['state'],
      reason: row.reason,
      submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
    }));
  }

  return {
    async list(filter: { state: 'applying' | 'approved' | 'rejected'; promotionId?: bigint }): Promise<ApplicationReviewItem[]> {
      return items(await participation.listApplications(deps.db, filter));
    },

    async decide(id: bigint, decision: ApplicationDecision, actor: OperatorActor): Promise<ApplicationReviewItem> {
      await deps.db.transaction().execute(async (tx) => {
        const row = await participation.findParticipationById(tx, id, { forUpdate: true });
        if (!row || !['applying', 'approved', 'rejected'].includes(row.state)) throw new AppError('promotions.not_found', `no application ${id}`);
        if (row.state !== 'applying') throw new AppError('promotions.already_decided', 'this application was already reviewed');
        const promotion = await definitions.findPromotion(tx, row.promotionId);
        if (!promotion) throw new AppError('promotions.not_found', `no promotion ${row.promotionId}`);
        const details: Record<string, unknown> = { promotionId: promotion.id.toString(), memberId: row.memberId.toString(), decision: decision.decision };
        if (decision.decision === 'approve') {
          await participation.setParticipationState(tx, id, { state: 'approved', decidedBy: actor.username });
          const reward = promotion.reward;
          const issued = await issueReward(tx, {
            promotionId: promotion.id,
            memberId: row.memberId,
            sourceKey: `application:${row.id}`,
            kind: reward.kind,
            amount: parseCents(reward.amount)!,
            wageringMultiple: reward.kind === 'bonus' ? reward.wageringMultiple : null,
            expiryDays: reward.kind === 'bonus' ? reward.expiryDays : null,
          });
          details.rewardId = issued.reward.id.toString();
          details.amount = reward.amount;
        } else {
          await participation.setParticipationState(tx, id, { state: 'rejected', reason: decision.reason, decidedBy: actor.username });
          details.reason = decision.reason;
        }
        await deps.ports.audit(tx, { operatorId: actor.id, action: `promotions.application.${decision.decision === 'approve' ? 'approved' : 'rejected'}`, targetType: 'promotions_participation', targetId: id.toString(), details, ip: actor.ip });
      });
      return (await items(await participation.listApplications(deps.db, { id })))[0]!;
    },

    image: (imageId: bigint) => participation.findImage(deps.db, imageId),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
