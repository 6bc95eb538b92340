import { maskCpf, type PayoutAccount, type PayoutAccountInput } from '@app/contracts';
import { AppError } from '@app/kernel';
import { normalizePixKey } from './pix/index.ts';
import type { PaymentsPayoutAccountTable, PayoutDestination } from './payments.tables.ts';
import type { Selectable } from 'kysely';

/** Checks what the member typed and makes it a destination in their own name and CPF. */
export function destinationOf(input: PayoutAccountInput, holder: { name: string; cpf: string }): PayoutDestination {
  if (input.kind === 'bank') {
    return { kind: 'bank', bankCode: input.bankCode, branch: input.branch, account: input.account.toUpperCase(), accountType: input.accountType, holderName: holder.name, holderCpf: holder.cpf };
  }
  const key = normalizePixKey(input.keyType, input.key);
  if (!key.ok) throw new AppError('payments.pix_key_invalid', key.reason);
  // A CPF key names its holder: it must be the member's own (payouts only to their own account).
  if (input.keyType === 'cpf' && key.key !== holder.cpf) throw new AppError('payments.pix_key_not_own', 'a CPF key must be the member’s own CPF');
  return { kind: 'pix', keyType: input.keyType, key: key.key, holderName: holder.name, holderCpf: holder.cpf };
}

export function rowOf(memberId: bigint, destination: PayoutDestination): Omit<Selectable<PaymentsPayoutAccountTable>, 'updated_at'> {
  return destination.kind === 'pix'
    ? { member_id: memberId, kind: 'pix', key_type: destination.keyType, pix_key: destination.key, bank_code: null, branch: null, account_number: null, account_type: null, holder_name: destination.holderName, holder_cpf: destination.holderCpf }
    : { member_id: memberId, kind: 'bank', key_type: null, pix_key: null, bank_code: destination.bankCode, branch: destination.branch, account_number: destination.account, account_type: destination.accountType, holder_name: destination.holderName, holder_cpf: destination.holderCpf };
}

export function destinationFromRow(row: Selectable<PaymentsPayoutAccountTable>): PayoutDestination {
  return row.kind === 'pix'
    ? { kind: 'pix', keyType: row.key_type!, key: row.pix_key!, holderName: row.holder_name, holderCpf: row.holder_cpf }
    : { kind: 'bank', bankCode: row.bank_code!, branch: row.branch!, account: row.account_number!, accountType: row.account_type!, holderName: row.holder_name, holderCpf: row.holder_cpf };
}

/** Enough to recognise one's own account, not enough to be useful to someone looking over a shoulder. */
export function displayOf(destination: PayoutDestination): string {
  if (destination.kind === 'bank') return `${destination.bankCode} · ag. ${destination.branch} · conta ****${destination.account.slice(-4)}`;
  const { key } = destination;
  switch (destination.keyType) {
    case 'cpf':
      return `PIX CPF ${maskCpf(key)}`;
    case 'phone':
      return `PIX +55 (${key.slice(3, 5)}) *****-${key.slice(-4)}`;
    case 'email': {
      const [user = '', domain = ''] = key.split('@');
      return `PIX ${user.slice(0, 1)}***@${domain}`;
    }
    case 'evp':
      return `PIX ${key.slice(0, 8)}…${key.slice(-4)}`;
  }
}

export function payoutAccountView(row: Selectable<PaymentsPayoutAccountTable>): PayoutAccount {
  const destination = destinationFromRow(row);
  return { kind: row.kind, keyType: row.key_type, display: displayOf(destination), holderName: row.holder_name, holderCpf: maskCpf(row.holder_cpf), updatedAt: row.updated_at.toISOString() };
}
