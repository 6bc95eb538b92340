import { createHash } from 'node:crypto';
import type { AuditChainReport } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { findAuditHead, listCanonicalAuditRows, type CanonicalAuditRow } from './audit.repository.ts';

/** prev_hash of the first row. */
const GENESIS = Buffer.alloc(32);
const PAGE = 1000;

/** A 4-byte big-endian length and the UTF-8 bytes; ffffffff for null (as backoffice_audit_field). */
function field(value: string | null): Buffer {
  if (value === null) return Buffer.from([0xff, 0xff, 0xff, 0xff]);
  const bytes = Buffer.from(value, 'utf8');
  const length = Buffer.alloc(4);
  length.writeInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/**
 * The hash the chaining trigger stores for `row` after `prevHash`, rebuilt here from the row's
 * text forms rather than by calling the database's function, so an edited function in the
 * database cannot vouch for edited rows.
 */
export function auditRowDigest(prevHash: Buffer, row: Omit<CanonicalAuditRow, 'prev_hash' | 'hash'>): Buffer {
  const fields = [row.id, row.operator_id, row.action, row.target_type, row.target_id, row.details, row.ip, row.created_at];
  return createHash('sha256')
    .update(Buffer.concat([prevHash, ...fields.map(field)]))
    .digest();
}

/**
 * Recomputes the whole chain, in one REPEATABLE READ snapshot so rows written meanwhile neither
 * count nor confuse, and answers the first row that does not verify. Detects edited, deleted and
 * inserted rows, and rows cut off the end (head). A rewrite of every hash from some row on,
 * head included, verifies: compare the reported head with a copy kept outside the database.
 */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (tx) => {
      const head = await findAuditHead(tx);
      const headReport = { lastId: head?.last_id?.toString() ?? null, hash: (head?.last_hash ?? GENESIS).toString('hex') };
      let previous: Buffer = GENESIS;
      let lastId: string | null = null;
      let rows = 0;
      for (;;) {
        const page = await listCanonicalAuditRows(tx, lastId, PAGE);
        for (const row of page) {
          if (!row.prev_hash.equals(previous)) return { ok: false, rows, head: headReport, firstBroken: { id: row.id, reason: 'prev_hash' } };
          if (!auditRowDigest(previous, row).equals(row.hash)) return { ok: false, rows, head: headReport, firstBroken: { id: row.id, reason: 'hash' } };
          previous = row.hash;
          lastId = row.id;
          rows += 1;
        }
        if (page.length < PAGE) break;
      }
      const headMatches = head !== undefined && headReport.lastId === lastId && head.last_hash.equals(previous);
      return { ok: headMatches, rows, head: headReport, firstBroken: headMatches ? null : { id: lastId, reason: 'head' } };
    });
}
