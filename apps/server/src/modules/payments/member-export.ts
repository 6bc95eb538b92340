import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** A member's PIX deposits, withdrawals and payout account, for the LGPD export (compliance). No proof images. */
export async function exportMember(db: Db, memberId: bigint) {
  const [deposits, withdrawals, payoutAccount] = await Promise.all([
    sql<Record<string, unknown>>`
      select id, amount, paid_amount, status, provider, txid, created_at, expires_at, paid_at, credited_at, payer_cpf, hold_reason
      from payments_deposit where member_id = ${memberId} order by id`.execute(db),
    sql<Record<string, unknown>>`
      select id, amount, status, destination_display, requested_at, reviewed_at, reject_reason, paid_at, failed_at, failure_reason,
             receipt, proof_type is not null as has_proof
      from payments_withdrawal where member_id = ${memberId} order by id`.execute(db),
    sql<Record<string, unknown>>`
      select kind, key_type, pix_key, bank_code, branch, account_number, account_type, holder_name, holder_cpf, updated_at
      from payments_payout_account where member_id = ${memberId}`.execute(db),
  ]);
  return { deposits: deposits.rows, withdrawals: withdrawals.rows, payoutAccount: payoutAccount.rows[0] ?? null };
}
