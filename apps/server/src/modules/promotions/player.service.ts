import { AppError } from '@app/kernel';
import { APPLICATION_IMAGES_MAX, type Language, type PlayerPromotion, type PlayerPromotionList, type PromotionMemberState } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as definitions from './definitions.repository.ts';
import type { PromotionRow } from './definitions.repository.ts';
import { checkEligibility } from './eligibility.ts';
import * as participation from './participation.repository.ts';
import type { ImageRef, ParticipationRow } from './participation.repository.ts';
import { addMemberPaid, spendBudget } from './definitions.repository.ts';
import { envelopeSplit, insertShares, lockForSplit, shareOf, takeShare } from './envelope.repository.ts';
import { splitPot } from './envelope-split.ts';
import { issueReward, latestRewardsFor, markClaimed } from './rewards.repository.ts';
import type { RewardRow } from './rewards.repository.ts';
import type { PromotionsPorts } from './promotions.ports.ts';

/** Rewards of these types are computed per period by jobs after joining: the member sees "process". */
const PERIODIC_TYPES = new Set(['cashback', 'rebate']);

/**
 * What a member sees on /promotions and does there: the list with a state per promotion (spec
 * §4), joining a join-type promotion, and the application (draft images, then the comment).
 */
export function createPlayerService(deps: { db: Db; ports: PromotionsPorts; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function runningPromotion(id: bigint): Promise<PromotionRow> {
    const promotion = await definitions.findPromotion(deps.db, id);
    if (!promotion || promotion.status === 'ended') throw new AppError('promotions.not_found', `no promotion ${id}`);
    return promotion;
  }

  /** The member's draft of an application, created on the first image (eligibility checked then). */
  async function draftFor(promotionId: bigint, memberId: bigint) {
    const promotion = await runningPromotion(promotionId);
    if (promotion.type !== 'application') throw new AppError('promotions.wrong_type', 'not an application promotion');
    const { cpf } = await checkEligibility(deps.db, deps.ports, promotion, memberId, now());
    return deps.db.transaction().execute(async (tx) => {
      const row = await participation.ensureParticipation(tx, { promotionId, memberId, state: 'draft', cpf });
      if (row === 'cpf_taken') throw new AppError('promotions.not_eligible', 'another account with this CPF takes part');
      if (row.state === 'rejected') {
        // Applying again after a rejection starts a new draft: the old images go.
        await participation.removeImagesOf(tx, row.id);
        return participation.setParticipationState(tx, row.id, { state: 'draft', comment: null, reason: null, decidedBy: null });
      }
      if (row.state !== 'draft') throw new AppError('promotions.already_applied', 'the application was already sent');
      return row;
    });
  }

  return {
    async list(language: Language, memberId: bigint | null): Promise<PlayerPromotionList> {
      const at = now();
      const allowed = await deps.ports.restrictedTypesAllowed();
      const rows = (await definitions.listLivePromotions(deps.db, at)).filter((row) => allowed || (row.type !== 'sign_up' && row.type !== 'deposit_match'));
      const ids = rows.map((row) => row.id);
      const [parts, rewards] = memberId === null ? [[], new Map<bigint, RewardRow>()] : await Promise.all([participation.participationsOf(deps.db, memberId, ids), latestRewardsFor(deps.db, memberId, ids)]);
      const byPromotion = new Map(parts.map((part) => [part.promotionId, part]));
      const drafts = parts.filter((part) => part.state === 'draft');
      const images = await participation.imagesOf(deps.db, drafts.map((part) => part.id));
      // A sign-up reward is issued at registration: a member it was not issued to has nothing to do there (visitors see it).
      const shown = memberId === null ? rows : rows.filter((row) => row.type !== 'sign_up' || byPromotion.has(row.id) || rewards.has(row.id));
      const list = shown.map((row) => toPlayer(row, language, memberId === null ? null : stateOf(row, byPromotion.get(row.id), rewards.get(row.id), at), byPromotion.get(row.id), images));
      const available = list.filter((item) => (memberId === null ? item.state === null && new Date(item.startsAt) <= at : item.state === 'join')).length;
      return { list, availablePromoCount: available, availablePromo: available > 0 };
    },

    /** Records participation in a join-type promotion (idempotent: joining twice is one row). */
    async join(promotionId: bigint, memberId: bigint): Promise<void> {
      const promotion = await runningPromotion(promotionId);
      if (promotion.type === 'application') throw new AppError('promotions.wrong_type', 'apply with a comment and images instead');
      // A sign-up reward is issued at registration to those who qualify; there is nothing to join.
      if (promotion.type === 'sign_up') throw new AppError('promotions.wrong_type', 'a sign-up reward is issued at registration');
      const { cpf } = await checkEligibility(deps.db, deps.ports, promotion, memberId, now());
      const row = await participation.ensureParticipation(deps.db, { promotionId, memberId, state: 'joined', cpf });
      if (row === 'cpf_taken') throw new AppError('promotions.not_eligible', 'another account with this CPF takes part');
    },

    async addImage(promotionId: bigint, memberId: bigint, image: { type: 'image/png' | 'image/jpeg'; bytes: Buffer }): Promise<ImageRef> {
      const draft = await draftFor(promotionId, memberId);
      return deps.db.transaction().execute(async (tx) => {
        // The draft row is locked so two uploads at once cannot make a fourth image.
        await participation.findParticipationById(tx, draft.id, { forUpdate: true });
        const existing = await participation.imagesOf(tx, [draft.id]);
        if (existing.length >= APPLICATION_IMAGES_MAX) throw new AppError('promotions.too_many_images', 'at most 3 images');
        return participation.addImage(tx, draft.id, image.type, image.bytes);
      });
    },

    async removeImage(promotionId: bigint, memberId: bigint, imageId: bigint): Promise<void> {
      const row = await participation.findParticipation(deps.db, promotionId, memberId);
      if (!row || row.state !== 'draft' || !(await participation.removeImage(deps.db, row.id, imageId))) throw new AppError('promotions.not_found', 'no such image in the draft');
    },

    /** Sends the draft with its comment: it joins the operators' review queue. */
    async submit(promotionId: bigint, memberId: bigint, comment: string): Promise<void> {
      const promotion = await runningPromotion(promotionId);
      if (promotion.type !== 'application') throw new AppError('promotions.wrong_type', 'not an application promotion');
      await checkEligibility(deps.db, deps.ports, promotion, memberId, now());
      await deps.db.transaction().execute(async (tx) => {
        const row = await participation.findParticipation(tx, promotionId, memberId, { forUpdate: true });
        if (row && row.state === 'applying') return; // a double click: sent once
        if (!row || row.state !== 'draft') throw new AppError('promotions.images_required', 'attach at least one image first');
        if ((await participation.imagesOf(tx, [row.id])).length === 0) throw new AppError('promotions.images_required', 'attach at least one image first');
        await participation.setParticipationState(tx, row.id, { state: 'applying', comment, submitted: true });
      });
    },

    /**
     * Grabs one share of a red envelope and pays it at once (cash through the ledger, recorded as
     * a claimed reward). The pot is split on the first grab; a member gets one share, however
     * often asked (the participation row is locked first, so a double click waits and answers the
     * share the first click took).
     */
    async grab(promotionId: bigint, memberId: bigint): Promise<{ amount: bigint; created: boolean }> {
      const promotion = await runningPromotion(promotionId);
      if (promotion.type !== 'red_envelope' || promotion.envelopeShares === null) throw new AppError('promotions.wrong_type', 'not a red envelope');
      const shares = promotion.envelopeShares;
      const { cpf } = await checkEligibility(deps.db, deps.ports, promotion, memberId, now());
      return deps.db.transaction().execute(async (tx) => {
        const part = await participation.ensureParticipation(tx, { promotionId, memberId, state: 'joined', cpf });
        if (part === 'cpf_taken') throw new AppError('promotions.not_eligible', 'another account with this CPF took a share');
        const mine = await shareOf(tx, promotionId, memberId);
        if (mine) return { amount: mine.amount, created: false };
        if (!(await envelopeSplit(tx, promotionId))) {
          // The promotion's row lock makes one grab the splitter; the others then see its shares.
          // FOR NO KEY UPDATE: the KEY SHARE locks other grabs' inserts hold (foreign keys) do not
          // block it, so two grabs never wait on each other's lock.
          await lockForSplit(tx, promotionId);
          const current = await definitions.findPromotion(tx, promotionId);
          if (!(await envelopeSplit(tx, promotionId))) await insertShares(tx, promotionId, splitPot(current!.budget, current!.envelopeShares ?? shares));
        }
        const share = await takeShare(tx, promotionId, memberId);
        if (!share) throw new AppError('promotions.envelope_empty', 'every share of this envelope is taken');
        if (!(await spendBudget(tx, promotionId, share.amount))) throw new AppError('promotions.budget_exhausted', 'the promotion budget is spent');
        await addMemberPaid(tx, promotionId, memberId, share.amount, share.amount);
        const { reward } = await issueReward(tx, { promotionId, memberId, sourceKey: `envelope:${promotionId}:${share.seq}`, kind: 'cash', amount: share.amount, wageringMultiple: null, expiryDays: null });
        await markClaimed(tx, reward.id);
        await deps.ports.payCash(tx, { key: `promotion:reward:${reward.id}`, memberId, amount: share.amount, reference: `promotion:${promotionId}` });
        return { amount: share.amount, created: true };
      });
    },

    /** An application image for its member (undefined when it is someone else's). */
    async imageFor(memberId: bigint, imageId: bigint) {
      const image = await participation.findImage(deps.db, imageId);
      return image && image.memberId === memberId ? image : undefined;
    },
  };
}

function stateOf(promotion: PromotionRow, part: ParticipationRow | undefined, reward: RewardRow | undefined, at: Date): PromotionMemberState {
  if (reward) return reward.status === 'claimable' ? 'issued' : 'claimed';
  if (promotion.startsAt > at) return 'coming_soon';
  if (!part || part.state === 'draft') return 'join';
  if (part.state === 'applying') return 'applying';
  if (part.state === 'rejected') return 'rejected';
  if (part.state === 'approved') return 'issued';
  return PERIODIC_TYPES.has(promotion.type) ? 'process' : 'joined';
}

function toPlayer(row: PromotionRow, language: Language, state: PromotionMemberState | null, part: ParticipationRow | undefined, images: readonly ImageRef[]): PlayerPromotion {
  const text = row.texts[language];
  return {
    id: row.id.toString(),
    type: row.type,
    title: text.title,
    summary: text.summary,
    html: text.html,
    imageUrl: text.imageUrl ?? row.imageUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    reward: row.reward,
    depositMatch: row.depositMatch,
    state: state ?? (row.startsAt > new Date() ? 'coming_soon' : null),
    reason: part?.state === 'rejected' ? part.reason : null,
    draftImages: part?.state === 'draft' ? images.filter((image) => image.participationId === part.id).map((image) => ({ id: image.id.toString(), contentType: image.contentType })) : [],
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
