import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/**
 * A member's identity verifications and the files sent for them, for the LGPD export
 * (compliance): metadata only (slot, type, name, size, SHA-256 where kept, time) — the bytes are
 * the member's own documents and are given on request through support, not in a JSON file.
 */
export async function exportMember(db: Db, memberId: bigint) {
  const [verifications, files] = await Promise.all([
    sql<Record<string, unknown>>`select id, document_type, status, provider, reject_reason, reject_note, submitted_at, reviewed_at from kyc_verification where member_id = ${memberId} order by id`.execute(db),
    sql<Record<string, unknown>>`select verification_id, slot, content_type, file_name, size_bytes, uploaded_at from kyc_file where member_id = ${memberId} order by id`.execute(db),
  ]);
  return { verifications: verifications.rows, files: files.rows };
}
