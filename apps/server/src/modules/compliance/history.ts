import { BOM, centsCell, textCell } from './csv.ts';
import { zonedDateTime } from './days.ts';
import type { LedgerMovement } from './compliance.ports.ts';

/**
 * The member's financial history as CSV (docs/compliance.md "CSV history"): pt-BR spreadsheet
 * conventions — `;` between cells, `,` as the decimal mark, no thousands separator, dates
 * 'YYYY-MM-DD HH:mm:ss' in the site's time zone, UTF-8 with a byte-order mark, CRLF line ends.
 * Text cells starting with = + - @ (or tab, CR) get a leading apostrophe (CSV injection).
 * Streamed line by line: the ledger is read in pages and nothing is held whole.
 */
const SEPARATOR = ';';

const LABELS: Record<'pt' | 'en', { header: string[]; types: Record<string, string> }> = {
  pt: {
    header: ['data_hora', 'tipo', 'descricao', 'carteira', 'valor', 'saldo_apos', 'referencia', 'produto', 'fornecedor', 'lancamento'],
    types: {
      deposit: 'Depósito',
      withdrawal_hold: 'Saque solicitado',
      withdrawal_payout: 'Saque pago',
      withdrawal_release: 'Saque devolvido',
      bet: 'Aposta',
      win: 'Prêmio',
      rollback: 'Estorno',
      jackpot: 'Jackpot',
      bonus: 'Bônus',
      adjustment: 'Ajuste',
      agent_transfer_upline: 'Transferência (agente)',
      agent_transfer_downline: 'Transferência (agente)',
    },
  },
  en: {
    header: ['date_time', 'type', 'description', 'pocket', 'amount', 'balance_after', 'reference', 'product', 'vendor', 'journal'],
    types: {
      deposit: 'Deposit',
      withdrawal_hold: 'Withdrawal requested',
      withdrawal_payout: 'Withdrawal paid',
      withdrawal_release: 'Withdrawal returned',
      bet: 'Bet',
      win: 'Win',
      rollback: 'Rollback',
      jackpot: 'Jackpot',
      bonus: 'Bonus',
      adjustment: 'Adjustment',
      agent_transfer_upline: 'Transfer (agent)',
      agent_transfer_downline: 'Transfer (agent)',
    },
  },
};

export function historyLine(movement: LedgerMovement, timeZone: string, language: 'pt' | 'en'): string {
  const labels = LABELS[language];
  return [
    zonedDateTime(movement.createdAt, timeZone),
    textCell(movement.type, SEPARATOR),
    textCell(labels.types[movement.type] ?? movement.type, SEPARATOR),
    textCell(movement.pocket, SEPARATOR),
    centsCell(movement.amount, ','),
    centsCell(movement.balanceAfter, ','),
    textCell(movement.reference, SEPARATOR),
    textCell(movement.product, SEPARATOR),
    textCell(movement.vendor, SEPARATOR),
    movement.journalId.toString(),
  ].join(SEPARATOR);
}

export async function* historyCsv(movements: AsyncIterable<LedgerMovement>, timeZone: string, language: 'pt' | 'en'): AsyncGenerator<string> {
  yield `${BOM}${LABELS[language].header.join(SEPARATOR)}\r\n`;
  let batch: string[] = [];
  for await (const movement of movements) {
    batch.push(historyLine(movement, timeZone, language));
    if (batch.length >= 500) {
      yield `${batch.join('\r\n')}\r\n`;
      batch = [];
    }
  }
  if (batch.length > 0) yield `${batch.join('\r\n')}\r\n`;
}
