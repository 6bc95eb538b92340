import { sql } from 'kysely';
import type { KycDocumentType, KycFileType, KycRejectReason, KycSlot } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';

/**
 * The KYC module's SQL (kyc_verification, kyc_file; migration 0093). Each function takes the
 * executor first and holds no rule: kyc.service.ts decides and owns the transactions.
 */

export interface VerificationRow {
  id: bigint;
  member_id: bigint;
  document_type: KycDocumentType;
  status: 'pending' | 'verified' | 'rejected';
  provider: string;
  provider_ref: string | null;
  provider_decision: 'approve' | 'reject' | 'review' | null;
  reject_reason: KycRejectReason | null;
  reject_note: string | null;
  submitted_at: Date;
  reviewed_by: bigint | null;
  reviewed_at: Date | null;
}

export interface FileMeta {
  id: bigint;
  slot: KycSlot;
  content_type: KycFileType;
  file_name: string;
  size_bytes: number;
  uploaded_at: Date;
}

export async function latestVerification(executor: DbExecutor, memberId: bigint): Promise<VerificationRow | undefined> {
  const { rows } = await sql<VerificationRow>`select * from kyc_verification where member_id = ${memberId} order by id desc limit 1`.execute(executor);
  return rows[0];
}

/** Whether the member has ever been verified and the latest decision is not a later refusal. */
export async function isVerified(executor: DbExecutor, memberId: bigint): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from kyc_verification where member_id = ${memberId} and status = 'verified') as ok`.execute(executor);
  return rows[0]?.ok === true;
}

export async function draftFiles(executor: DbExecutor, memberId: bigint): Promise<FileMeta[]> {
  const { rows } = await sql<FileMeta>`
    select id, slot, content_type, file_name, size_bytes, uploaded_at from kyc_file
    where member_id = ${memberId} and verification_id is null order by array_position(array['document_front', 'document_back', 'selfie'], slot)`.execute(executor);
  return rows;
}

/** Replaces the member's draft file in a slot (one per slot until sent). */
export async function putDraftFile(executor: DbExecutor, file: { memberId: bigint; slot: KycSlot; contentType: KycFileType; fileName: string; bytes: Buffer; sha256: string }): Promise<FileMeta> {
  await sql`delete from kyc_file where member_id = ${file.memberId} and slot = ${file.slot} and verification_id is null`.execute(executor);
  const { rows } = await sql<FileMeta>`
    insert into kyc_file (member_id, slot, content_type, file_name, size_bytes, sha256, bytes)
    values (${file.memberId}, ${file.slot}, ${file.contentType}, ${file.fileName}, ${file.bytes.length}, ${file.sha256}, ${file.bytes})
    returning id, slot, content_type, file_name, size_bytes, uploaded_at`.execute(executor);
  return rows[0]!;
}

export async function deleteDraftFile(executor: DbExecutor, memberId: bigint, slot: KycSlot): Promise<boolean> {
  const result = await sql`delete from kyc_file where member_id = ${memberId} and slot = ${slot} and verification_id is null`.execute(executor);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Serialises one member's submissions (a double click sends once). */
export async function lockMember(executor: DbExecutor, memberId: bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('kyc:' || ${memberId.toString()}, 0))`.execute(executor);
}

export async function insertVerification(executor: DbExecutor, row: { memberId: bigint; documentType: KycDocumentType; provider: string }): Promise<VerificationRow> {
  const { rows } = await sql<VerificationRow>`
    insert into kyc_verification (member_id, document_type, provider) values (${row.memberId}, ${row.documentType}, ${row.provider}) returning *`.execute(executor);
  return rows[0]!;
}

/** Attaches the member's draft files in these slots to the submission. */
export async function attachDraft(executor: DbExecutor, memberId: bigint, verificationId: bigint, slots: KycSlot[]): Promise<void> {
  await sql`update kyc_file set verification_id = ${verificationId} where member_id = ${memberId} and verification_id is null and slot = any(${slots}::text[])`.execute(executor);
}

export async function filesWithBytes(executor: DbExecutor, verificationId: bigint): Promise<(FileMeta & { bytes: Buffer })[]> {
  const { rows } = await sql<FileMeta & { bytes: Buffer }>`
    select id, slot, content_type, file_name, size_bytes, uploaded_at, bytes from kyc_file where verification_id = ${verificationId} order by array_position(array['document_front', 'document_back', 'selfie'], slot)`.execute(executor);
  return rows;
}

export async function filesOf(executor: DbExecutor, verificationId: bigint): Promise<FileMeta[]> {
  const { rows } = await sql<FileMeta>`
    select id, slot, content_type, file_name, size_bytes, uploaded_at from kyc_file where verification_id = ${verificationId} order by array_position(array['document_front', 'document_back', 'selfie'], slot)`.execute(executor);
  return rows;
}

export async function fileOf(executor: DbExecutor, verificationId: bigint, fileId: bigint): Promise<{ content_type: KycFileType; bytes: Buffer } | undefined> {
  const { rows } = await sql<{ content_type: KycFileType; bytes: Buffer }>`select content_type, bytes from kyc_file where id = ${fileId} and verification_id = ${verificationId}`.execute(executor);
  return rows[0];
}

export async function recordProviderAnswer(executor: DbExecutor, id: bigint, answer: { decision: 'approve' | 'reject' | 'review'; reference: string }): Promise<void> {
  await sql`update kyc_verification set provider_decision = ${answer.decision}, provider_ref = ${answer.reference} where id = ${id}`.execute(executor);
}

export async function lockVerification(executor: DbExecutor, id: bigint): Promise<VerificationRow | undefined> {
  const { rows } = await sql<VerificationRow>`select * from kyc_verification where id = ${id} for update`.execute(executor);
  return rows[0];
}

export async function findVerification(executor: DbExecutor, id: bigint): Promise<VerificationRow | undefined> {
  const { rows } = await sql<VerificationRow>`select * from kyc_verification where id = ${id}`.execute(executor);
  return rows[0];
}

export async function decideVerification(
  executor: DbExecutor,
  id: bigint,
  decision: { status: 'verified' | 'rejected'; reason: KycRejectReason | null; note: string | null; operatorId: bigint | null },
): Promise<VerificationRow> {
  const { rows } = await sql<VerificationRow>`
    update kyc_verification set status = ${decision.status}, reject_reason = ${decision.reason}, reject_note = ${decision.note},
      reviewed_by = ${decision.operatorId}, reviewed_at = now()
    where id = ${id} returning *`.execute(executor);
  return rows[0]!;
}

export async function listQueue(executor: DbExecutor, filter: { status: 'pending' | 'verified' | 'rejected'; memberId?: bigint; limit: number }): Promise<{ rows: VerificationRow[]; total: number }> {
  const member = filter.memberId === undefined ? sql`true` : sql`member_id = ${filter.memberId}`;
  const order = filter.status === 'pending' ? sql`submitted_at asc, id asc` : sql`id desc`;
  const [{ rows }, count] = await Promise.all([
    sql<VerificationRow>`select * from kyc_verification where status = ${filter.status} and ${member} order by ${order} limit ${filter.limit}`.execute(executor),
    sql<{ n: string }>`select count(*) as n from kyc_verification where status = ${filter.status} and ${member}`.execute(executor),
  ]);
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}
