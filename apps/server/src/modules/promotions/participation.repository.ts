import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import type { ParticipationState } from './promotions.tables.ts';

export interface ParticipationRow {
  id: bigint;
  promotionId: bigint;
  memberId: bigint;
  state: ParticipationState;
  comment: string | null;
  reason: string | null;
  submittedAt: Date | null;
  decidedAt: Date | null;
  decidedBy: string | null;
}

const COLUMNS = ['id', 'promotion_id', 'member_id', 'state', 'comment', 'reason', 'submitted_at', 'decided_at', 'decided_by'] as const;

function toRow(row: { id: bigint; promotion_id: bigint; member_id: bigint; state: ParticipationState; comment: string | null; reason: string | null; submitted_at: Date | null; decided_at: Date | null; decided_by: string | null }): ParticipationRow {
  return { id: row.id, promotionId: row.promotion_id, memberId: row.member_id, state: row.state, comment: row.comment, reason: row.reason, submittedAt: row.submitted_at, decidedAt: row.decided_at, decidedBy: row.decided_by };
}

export async function findParticipation(db: DbExecutor, promotionId: bigint, memberId: bigint, options: { forUpdate?: boolean } = {}): Promise<ParticipationRow | undefined> {
  let query = db.selectFrom('promotions_participation').select(COLUMNS).where('promotion_id', '=', promotionId).where('member_id', '=', memberId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function findParticipationById(db: DbExecutor, id: bigint, options: { forUpdate?: boolean } = {}): Promise<ParticipationRow | undefined> {
  let query = db.selectFrom('promotions_participation').select(COLUMNS).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The member's rows for these promotions (the /promotions states). */
export async function participationsOf(db: DbExecutor, memberId: bigint, promotionIds: readonly bigint[]): Promise<ParticipationRow[]> {
  if (promotionIds.length === 0) return [];
  const rows = await db.selectFrom('promotions_participation').select(COLUMNS).where('member_id', '=', memberId).where('promotion_id', 'in', promotionIds).execute();
  return rows.map(toRow);
}

/**
 * Creates the member's row in `state` unless one exists (answers the existing one). A CPF taken
 * by another account in this promotion answers 'cpf_taken'.
 */
export async function ensureParticipation(db: DbExecutor, input: { promotionId: bigint; memberId: bigint; state: ParticipationState; cpf: string | null }): Promise<ParticipationRow | 'cpf_taken'> {
  const existing = await findParticipation(db, input.promotionId, input.memberId, { forUpdate: true });
  if (existing) return existing;
  const inserted = await db
    .insertInto('promotions_participation')
    .values({ promotion_id: input.promotionId, member_id: input.memberId, state: input.state, cpf: input.cpf })
    .onConflict((conflict) => conflict.doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (inserted) return toRow(inserted);
  // A double click inserted it first (same member), or the CPF belongs to another account's row.
  const again = await findParticipation(db, input.promotionId, input.memberId, { forUpdate: true });
  return again ?? 'cpf_taken';
}

export async function setParticipationState(db: DbExecutor, id: bigint, change: { state: ParticipationState; comment?: string | null; reason?: string | null; submitted?: boolean; decidedBy?: string | null }): Promise<ParticipationRow> {
  const row = await db
    .updateTable('promotions_participation')
    .set({
      state: change.state,
      ...(change.comment !== undefined ? { comment: change.comment } : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      ...(change.submitted ? { submitted_at: sql<Date>`now()` } : {}),
      ...(change.decidedBy !== undefined ? { decided_by: change.decidedBy, decided_at: change.decidedBy === null ? null : sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export interface ImageRef {
  id: bigint;
  participationId: bigint;
  contentType: 'image/png' | 'image/jpeg';
}

export async function imagesOf(db: DbExecutor, participationIds: readonly bigint[]): Promise<ImageRef[]> {
  if (participationIds.length === 0) return [];
  const rows = await db.selectFrom('promotions_application_image').select(['id', 'participation_id', 'content_type']).where('participation_id', 'in', participationIds).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, participationId: row.participation_id, contentType: row.content_type }));
}

export async function addImage(db: DbExecutor, participationId: bigint, contentType: 'image/png' | 'image/jpeg', bytes: Buffer): Promise<ImageRef> {
  const row = await db.insertInto('promotions_application_image').values({ participation_id: participationId, content_type: contentType, bytes }).returning(['id', 'participation_id', 'content_type']).executeTakeFirstOrThrow();
  return { id: row.id, participationId: row.participation_id, contentType: row.content_type };
}

export async function removeImage(db: DbExecutor, participationId: bigint, imageId: bigint): Promise<boolean> {
  const result = await db.deleteFrom('promotions_application_image').where('id', '=', imageId).where('participation_id', '=', participationId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function removeImagesOf(db: DbExecutor, participationId: bigint): Promise<void> {
  await db.deleteFrom('promotions_application_image').where('participation_id', '=', participationId).execute();
}

/** An image with its owner, for serving it to that member or to a reviewer. */
export async function findImage(db: DbExecutor, imageId: bigint): Promise<{ memberId: bigint; participationId: bigint; contentType: string; bytes: Buffer } | undefined> {
  return db
    .selectFrom('promotions_application_image as i')
    .innerJoin('promotions_participation as p', 'p.id', 'i.participation_id')
    .select(['p.member_id as memberId', 'i.participation_id as participationId', 'i.content_type as contentType', 'i.bytes'])
    .where('i.id', '=', imageId)
    .executeTakeFirst();
}

/** The review queue: applications in a state, oldest submitted first for those waiting. */
export async function listApplications(db: DbExecutor, filter: { state?: 'applying' | 'approved' | 'rejected'; promotionId?: bigint; id?: bigint }) {
  let query = db
    .selectFrom('promotions_participation as p')
    .innerJoin('accounts_v_member as m', 'm.id', 'p.member_id')
    .select([...COLUMNS.map((column) => `p.${column}` as const), 'm.account'])
    .where('p.state', 'in', filter.state ? [filter.state] : ['applying', 'approved', 'rejected']);
  if (filter.id !== undefined) query = query.where('p.id', '=', filter.id);
  if (filter.promotionId !== undefined) query = query.where('p.promotion_id', '=', filter.promotionId);
  const rows = await query.orderBy('p.submitted_at', filter.state === 'applying' ? 'asc' : 'desc').limit(200).execute();
  return rows.map((row) => ({ ...toRow(row), account: row.account }));
}
