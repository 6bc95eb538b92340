import { formatCents, type Clock } from '@app/kernel';
import { todayIn, type Dashboard, type GgrReport, type GgrReportQuery, type GgrRow, type PaymentsReport, type PlayFigures, type ReportRangeQuery } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { toCsv } from './csv.ts';
import { eachDay, resolveRange } from './range.ts';
import * as repository from './reports.repository.ts';
import type { ReportsPorts } from './reports.ports.ts';
import { rolledUntil } from './rollup.ts';

/** The wallet's ledger check runs hourly: an older result is stale. */
const LEDGER_CHECK_FRESH_MS = 2 * 3_600_000;
/** The worker beats every minute. */
const WORKER_ALIVE_MS = 3 * 60_000;

interface Play {
  rounds: number;
  stake: bigint;
  payout: bigint;
}
const NO_PLAY: Play = { rounds: 0, stake: 0n, payout: 0n };

function figures(play: Play): PlayFigures {
  return { rounds: play.rounds, bets: formatCents(play.stake), wins: formatCents(play.payout), ggr: formatCents(play.stake - play.payout) };
}

function sumPlay(rows: readonly Play[]): Play {
  return rows.reduce((total, row) => ({ rounds: total.rounds + row.rounds, stake: total.stake + row.stake, payout: total.payout + row.payout }), NO_PLAY);
}

const byBetsThenKey = (a: repository.PlayRow, b: repository.PlayRow) => (a.stake === b.stake ? a.key.localeCompare(b.key) : a.stake > b.stake ? -1 : 1);

export function createReportsService(deps: { db: Db; ports: ReportsPorts; clock: Clock }) {
  const { db, ports, clock } = deps;

  return {
    /** Today's figures in the site's time zone, and the state of the ledger and the system. */
    async dashboard(): Promise<Dashboard> {
      const timeZone = await ports.timeZone();
      const now = clock.now();
      const day = todayIn(timeZone, now);
      const window = repository.windowOf({ from: day, to: day, timeZone });
      const frontier = await rolledUntil(db);
      const [people, products, flows, pending, ledger, site] = await Promise.all([
        repository.people(db, window, day),
        repository.playBy(db, window, 'productType', timeZone, frontier),
        repository.moneyFlowsBy(db, window, 'all', timeZone),
        repository.pendingWithdrawals(db),
        ports.lastLedgerCheck(),
        ports.siteStatus(),
      ]);
      const money = flows[0];
      const ledgerStatus = !ledger ? 'never' : !ledger.ok ? 'problems' : now.getTime() - ledger.finishedAt.getTime() > LEDGER_CHECK_FRESH_MS ? 'stale' : 'ok';
      return {
        day,
        timeZone,
        generatedAt: now.toISOString(),
        registrations: people.registrations,
        activePlayers: { total: people.active, bettors: people.bettors, loggedIn: people.loggedIn },
        deposits: { count: money?.depositCount ?? 0, sum: formatCents(money?.depositSum ?? 0n) },
        withdrawalsPending: {
          count: pending.count,
          sum: formatCents(pending.sum),
          reviewing: pending.reviewing,
          oldestWaitingMinutes: pending.oldestRequestedAt ? Math.max(0, Math.floor((now.getTime() - pending.oldestRequestedAt.getTime()) / 60_000)) : null,
        },
        play: figures(sumPlay(products)),
        products: [...products].sort(byBetsThenKey).map((row) => ({ productType: row.key, ...figures(row) })),
        ledgerCheck: {
          status: ledgerStatus,
          finishedAt: ledger?.finishedAt.toISOString() ?? null,
          journals: ledger ? Number(ledger.journals) : null,
          entries: ledger ? Number(ledger.entries) : null,
          problems: ledger?.problems ?? 0,
        },
        system: {
          maintenance: site.maintenance,
          regionRules: site.regionRules,
          workerSeenAt: site.workerSeenAt?.toISOString() ?? null,
          workerAlive: site.workerSeenAt !== null && now.getTime() - site.workerSeenAt.getTime() <= WORKER_ALIVE_MS,
          reportsRolledUntil: frontier.toISOString(),
        },
      };
    },

    /** Bets, wins, GGR and NGR over a range of days, per day, product type or vendor. */
    async ggr(query: GgrReportQuery): Promise<GgrReport> {
      const range = resolveRange(query, await ports.timeZone());
      const window = repository.windowOf(range);
      const byDay = query.groupBy === 'day';
      const frontier = await rolledUntil(db);
      const [play, given] = await Promise.all([
        repository.playBy(db, window, query.groupBy, range.timeZone, frontier),
        repository.givenBy(db, window, byDay ? 'day' : 'all', range.timeZone),
      ]);
      const bonuses = given.reduce((sum, row) => sum + row.bonuses, 0n);
      const adjustments = given.reduce((sum, row) => sum + row.adjustments, 0n);
      const total = sumPlay(play);
      let rows: GgrRow[];
      if (byDay) {
        const playOf = new Map(play.map((row) => [row.key, row]));
        const givenOf = new Map(given.map((row) => [row.key, row]));
        rows = eachDay(range).map((day) => {
          const dayPlay = playOf.get(day) ?? NO_PLAY;
          const dayGiven = givenOf.get(day) ?? { bonuses: 0n, adjustments: 0n };
          return {
            key: day,
            label: null,
            ...figures(dayPlay),
            bonuses: formatCents(dayGiven.bonuses),
            adjustments: formatCents(dayGiven.adjustments),
            ngr: formatCents(dayPlay.stake - dayPlay.payout - dayGiven.bonuses - dayGiven.adjustments),
          };
        });
      } else {
        const names = query.groupBy === 'vendor' ? await repository.vendorNames(db, play.map((row) => row.key)) : new Map<string, string>();
        rows = [...play].sort(byBetsThenKey).map((row) => ({
          key: row.key,
          label: query.groupBy === 'vendor' ? (names.get(row.key) ?? row.key) : null,
          ...figures(row),
          bonuses: null,
          adjustments: null,
          ngr: null,
        }));
      }
      return {
        from: range.from,
        to: range.to,
        timeZone: range.timeZone,
        groupBy: query.groupBy,
        rows,
        totals: { ...figures(total), bonuses: formatCents(bonuses), adjustments: formatCents(adjustments), ngr: formatCents(total.stake - total.payout - bonuses - adjustments) },
      };
    },

    /** Deposits credited and withdrawals paid per day. */
    async payments(query: ReportRangeQuery): Promise<PaymentsReport> {
      const range = resolveRange(query, await ports.timeZone());
      const flows = await repository.moneyFlowsBy(db, repository.windowOf(range), 'day', range.timeZone);
      const flowOf = new Map(flows.map((row) => [row.key, row]));
      const total = { depositCount: 0, depositSum: 0n, withdrawalCount: 0, withdrawalSum: 0n };
      const rows = eachDay(range).map((day) => {
        const flow = flowOf.get(day) ?? { depositCount: 0, depositSum: 0n, withdrawalCount: 0, withdrawalSum: 0n };
        total.depositCount += flow.depositCount;
        total.depositSum += flow.depositSum;
        total.withdrawalCount += flow.withdrawalCount;
        total.withdrawalSum += flow.withdrawalSum;
        return { day, deposits: { count: flow.depositCount, sum: formatCents(flow.depositSum) }, withdrawals: { count: flow.withdrawalCount, sum: formatCents(flow.withdrawalSum) } };
      });
      return {
        from: range.from,
        to: range.to,
        timeZone: range.timeZone,
        rows,
        totals: { deposits: { count: total.depositCount, sum: formatCents(total.depositSum) }, withdrawals: { count: total.withdrawalCount, sum: formatCents(total.withdrawalSum) } },
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** The GGR report as CSV: one line per row, then a total line. */
export function ggrCsv(report: GgrReport): string {
  const keyHeader = { day: 'day', productType: 'product_type', vendor: 'vendor' }[report.groupBy];
  const header = [keyHeader, ...(report.groupBy === 'vendor' ? ['vendor_name'] : []), 'rounds', 'bets', 'wins', 'ggr', 'bonuses', 'adjustments', 'ngr'];
  const line = (key: string, label: string | null, row: PlayFigures & { bonuses: string | null; adjustments: string | null; ngr: string | null }) => [
    key,
    ...(report.groupBy === 'vendor' ? [label] : []),
    row.rounds,
    row.bets,
    row.wins,
    row.ggr,
    row.bonuses,
    row.adjustments,
    row.ngr,
  ];
  return toCsv(header, [...report.rows.map((row) => line(row.key, row.label, row)), line('total', report.groupBy === 'vendor' ? '' : null, report.totals)]);
}

/** The payments report as CSV: one line per day, then a total line. */
export function paymentsCsv(report: PaymentsReport): string {
  const header = ['day', 'deposits_count', 'deposits_sum', 'withdrawals_count', 'withdrawals_sum'];
  const line = (day: string, row: PaymentsReport['totals']) => [day, row.deposits.count, row.deposits.sum, row.withdrawals.count, row.withdrawals.sum];
  return toCsv(header, [...report.rows.map((row) => line(row.day, row)), line('total', report.totals)]);
}
