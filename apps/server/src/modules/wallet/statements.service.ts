import { AppError, formatCents } from '@app/kernel';
import type { JournalType, ProfitQuery, ProfitReport, TransactionPage, TransactionQuery } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as repository from './wallet.repository.ts';

/** Account record and personal profit and loss, read in the operator's time zone. */
const MAX_HISTORY_DAYS = 366;
const MAX_PROFIT_DAYS = 93;
const DAY_MS = 86_400_000;

/** Whole calendar days from..to inclusive, or a range error for impossible dates and ranges. */
export function daySpan(from: string, to: string, maxDays: number): number {
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (start === undefined || end === undefined || end < start) throw new AppError('wallet.range_invalid', 'invalid date range');
  const days = (end - start) / DAY_MS + 1;
  if (days > maxDays) throw new AppError('wallet.range_invalid', `at most ${maxDays} days`, { maxDays });
  return days;
}

function calendarDay(text: string): number | undefined {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // 2026-02-30 would roll over to March: refuse it instead.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 2000 && year <= 2100 ? time : undefined;
}

export function createStatementsService(deps: { db: Db; timeZone: () => Promise<string> }) {
  return {
    async history(memberId: bigint, query: TransactionQuery): Promise<TransactionPage> {
      daySpan(query.from, query.to, MAX_HISTORY_DAYS);
      const timeZone = await deps.timeZone();
      const { rows, total } = await repository.listCashEntries(deps.db, {
        memberId,
        type: query.type,
        from: query.from,
        to: query.to,
        timeZone,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        content: rows.map((row) => ({
          id: row.id.toString(),
          type: row.type as JournalType,
          amount: formatCents(row.amount),
          balanceAfter: formatCents(row.balance_after),
          time: row.created_at.toISOString(),
          reference: row.reference,
        })),
        pageNum: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
        timeZone,
      };
    },

    async profit(memberId: bigint, query: ProfitQuery): Promise<ProfitReport> {
      daySpan(query.from, query.to, MAX_PROFIT_DAYS);
      const timeZone = await deps.timeZone();
      const rows = await repository.sumGameMoney(deps.db, memberId, query.from, query.to, timeZone);
      const byDay = new Map<string, Totals>();
      const byProduct = new Map<string, Totals>();
      const total = emptyTotals();
      for (const row of rows) {
        for (const [map, key] of [
          [byDay, row.day],
          [byProduct, row.product],
        ] as const) {
          const line = map.get(key) ?? emptyTotals();
          add(line, row);
          map.set(key, line);
        }
        add(total, row);
      }
      return {
        timeZone,
        days: [...byDay].map(([date, line]) => ({ date, ...toLine(line) })),
        products: [...byProduct].map(([product, line]) => ({ product, ...toLine(line) })),
        total: toLine(total),
      };
    },
  };
}

interface Totals {
  bets: bigint;
  wins: bigint;
  count: number;
}
const emptyTotals = (): Totals => ({ bets: 0n, wins: 0n, count: 0 });
function add(line: Totals, row: repository.ProfitRow) {
  line.bets += row.bets;
  line.wins += row.wins;
  line.count += Number(row.count);
}
function toLine(line: Totals) {
  return { bets: formatCents(line.bets), wins: formatCents(line.wins), net: formatCents(line.wins - line.bets), count: line.count };
}
