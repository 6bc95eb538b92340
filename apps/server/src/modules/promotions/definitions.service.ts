import { AppError, formatCents, parseCents } from '@app/kernel';
import { isRestrictedPromotionType, type AdminPromotion, type AdminPromotionList, type PromotionInput, type PromotionStatus } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { sanitiseHtml } from '../../platform/sanitise-html.ts';
import * as repository from './definitions.repository.ts';
import { envelopeSplit } from './envelope.repository.ts';
import type { PromotionRow, PromotionWrite } from './definitions.repository.ts';
import type { OperatorActor, PromotionsPorts } from './promotions.ports.ts';

type Field = { path: string; message: string };

function invalid(fields: Field[]): never {
  throw new AppError('validation.failed', fields.map((field) => `${field.path}: ${field.message}`).join('; '), { fields });
}

const cents = (text: string) => parseCents(text) ?? 0n;

/**
 * Operators' definitions: create, edit, pause, resume and end, each with its audit row in the same
 * transaction. Rules the schema cannot say (order of dates, amounts that fit each other, the
 * Brazil switch, an agent that exists) answer a translated 4xx.
 */
export function createDefinitionsService(deps: { db: Db; ports: PromotionsPorts }) {
  async function assertTypeAllowed(type: PromotionRow['type']) {
    if (isRestrictedPromotionType(type) && !(await deps.ports.restrictedTypesAllowed())) {
      throw new AppError('promotions.type_restricted', `${type} promotions are refused while promotions.restrictedTypes is off`);
    }
  }

  async function checkedWrite(input: PromotionInput, actor: OperatorActor): Promise<PromotionWrite> {
    // First: while the switch is off, that is the answer, whatever else the form says.
    await assertTypeAllowed(input.type);
    const fields: Field[] = [];
    const startsAt = new Date(input.startsAt);
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (endsAt && endsAt <= startsAt) fields.push({ path: 'endsAt', message: 'must be after startsAt' });
    const { registeredFrom, registeredTo } = input.eligibility;
    if (registeredFrom && registeredTo && new Date(registeredTo) <= new Date(registeredFrom)) fields.push({ path: 'eligibility.registeredTo', message: 'must be after registeredFrom' });
    const budget = cents(input.budget);
    const memberCap = cents(input.memberCap);
    const amount = cents(input.reward.amount);
    if (memberCap > budget) fields.push({ path: 'memberCap', message: 'must not exceed the budget' });
    if (amount > memberCap) fields.push({ path: 'reward.amount', message: 'must not exceed the per-member cap' });
    if (input.type === 'red_envelope' && input.envelopeShares === null) fields.push({ path: 'envelopeShares', message: 'a red envelope needs its number of shares' });
    if (input.type === 'red_envelope' && input.envelopeShares !== null && budget < BigInt(input.envelopeShares)) fields.push({ path: 'envelopeShares', message: 'each share needs at least one centavo of the budget' });
    if (input.type === 'deposit_match' && input.depositMatch === null) fields.push({ path: 'depositMatch', message: 'a deposit match needs its percent' });
    // A sign-up reward is issued at registration, before any deposit or bet could count.
    if (input.type === 'sign_up' && input.eligibility.minDeposit !== null) fields.push({ path: 'eligibility.minDeposit', message: 'not for a sign-up reward (issued at registration)' });
    if (input.type === 'sign_up' && input.eligibility.minValidBet !== null) fields.push({ path: 'eligibility.minValidBet', message: 'not for a sign-up reward (issued at registration)' });
    if (input.eligibility.agentAccount && !(await deps.ports.memberIdOf(input.eligibility.agentAccount))) fields.push({ path: 'eligibility.agentAccount', message: 'no such account' });
    if (fields.length > 0) invalid(fields);
    const text = (language: 'pt' | 'en') => ({ ...input.texts[language], html: sanitiseHtml(input.texts[language].html) });
    return {
      type: input.type,
      startsAt,
      endsAt,
      eligibility: input.eligibility,
      budget,
      memberCap,
      reward: input.reward,
      texts: { pt: text('pt'), en: text('en') },
      imageUrl: input.imageUrl,
      sortOrder: input.sortOrder,
      updatedBy: actor.username,
      envelopeShares: input.type === 'red_envelope' ? input.envelopeShares : null,
      depositMatch: input.type === 'deposit_match' ? input.depositMatch : null,
      rewardExpiryDays: input.rewardExpiryDays,
    };
  }

  async function audited<T>(actor: OperatorActor, work: (tx: DbExecutor) => Promise<{ result: T; audit: { action: string; targetId: string; details: Record<string, unknown> } | null }>): Promise<T> {
    return deps.db.transaction().execute(async (tx) => {
      const outcome = await work(tx);
      if (outcome.audit) await deps.ports.audit(tx, { operatorId: actor.id, targetType: 'promotions_promotion', ip: actor.ip, ...outcome.audit });
      return outcome.result;
    });
  }

  return {
    async list(): Promise<AdminPromotionList> {
      const [rows, pending, allowed] = await Promise.all([repository.listPromotions(deps.db), repository.pendingApplicationCounts(deps.db), deps.ports.restrictedTypesAllowed()]);
      return { list: rows.map((row) => toAdmin(row, pending.get(row.id) ?? 0)), restrictedTypesAllowed: allowed };
    },

    /** With the console's Idempotency-Key a retried or double-clicked create makes one promotion. */
    async create(input: PromotionInput, actor: OperatorActor, key?: string): Promise<AdminPromotion> {
      const storedKey = key === undefined ? null : `operator:${actor.id}:${key}`;
      const replayed = storedKey ? await repository.findByKey(deps.db, storedKey) : undefined;
      if (replayed) return toAdmin(replayed, 0);
      const write = await checkedWrite(input, actor);
      return audited(actor, async (tx) => {
        const row = await repository.insertPromotion(tx, write, storedKey);
        if (!row) return { result: toAdmin((await repository.findByKey(tx, storedKey!))!, 0), audit: null };
        return { result: toAdmin(row, 0), audit: { action: 'promotions.created', targetId: row.id.toString(), details: { after: toAdmin(row, 0) } } };
      });
    },

    async update(id: bigint, input: PromotionInput, actor: OperatorActor): Promise<AdminPromotion> {
      const write = await checkedWrite(input, actor);
      return audited(actor, async (tx) => {
        const before = await repository.findPromotion(tx, id, { forUpdate: true });
        if (!before) throw new AppError('promotions.not_found', `no promotion ${id}`);
        if (before.status === 'ended') throw new AppError('promotions.not_running', 'an ended promotion cannot be edited');
        // The budget may not drop below what was already paid (the table refuses it too).
        if (write.budget < before.spent) invalid([{ path: 'budget', message: `must be at least what was paid (${formatCents(before.spent)})` }]);
        // Once the pot is split (the first grab), its size and share count are fixed.
        if (before.type === 'red_envelope' && (write.budget !== before.budget || write.envelopeShares !== before.envelopeShares || write.type !== before.type) && (await envelopeSplit(tx, id))) {
          invalid([{ path: 'budget', message: 'the envelope is already split; its pot and shares cannot change' }]);
        }
        const row = await repository.updatePromotion(tx, id, write);
        return { result: toAdmin(row, 0), audit: { action: 'promotions.updated', targetId: id.toString(), details: { before: toAdmin(before, 0), after: toAdmin(row, 0) } } };
      });
    },

    /** Pause, resume (active) or end; an ended promotion stays ended. */
    async setStatus(id: bigint, status: PromotionStatus, actor: OperatorActor): Promise<AdminPromotion> {
      return audited(actor, async (tx) => {
        const before = await repository.findPromotion(tx, id, { forUpdate: true });
        if (!before) throw new AppError('promotions.not_found', `no promotion ${id}`);
        if (before.status === status) return { result: toAdmin(before, 0), audit: null };
        if (before.status === 'ended') throw new AppError('promotions.not_running', 'an ended promotion cannot change');
        if (status === 'active') await assertTypeAllowed(before.type);
        const row = await repository.setStatus(tx, id, status, actor.username);
        return { result: toAdmin(row, 0), audit: { action: `promotions.${status === 'active' ? 'resumed' : status}`, targetId: id.toString(), details: { before: before.status, after: status } } };
      });
    },
  };
}

export function toAdmin(row: PromotionRow, pendingApplications: number): AdminPromotion {
  return {
    id: row.id.toString(),
    type: row.type,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    eligibility: row.eligibility,
    budget: formatCents(row.budget),
    spent: formatCents(row.spent),
    memberCap: formatCents(row.memberCap),
    reward: row.reward,
    texts: row.texts,
    imageUrl: row.imageUrl,
    sortOrder: row.sortOrder,
    envelopeShares: row.envelopeShares,
    depositMatch: row.depositMatch,
    rewardExpiryDays: row.rewardExpiryDays,
    pendingApplications,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export type DefinitionsService = ReturnType<typeof createDefinitionsService>;
