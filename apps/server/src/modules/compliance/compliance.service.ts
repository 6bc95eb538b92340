import { COMPLIANCE_PATTERNS, type ComplianceAlertList, type ComplianceSettings } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import * as repository from './alerts.repository.ts';
import type { CompliancePorts } from './compliance.ports.ts';
import { dayBounds, parseDay, zonedToday } from './days.ts';
import { extractCsv, extractJson } from './extract.ts';
import { historyCsv } from './history.ts';
import { lgpdExport } from './lgpd-export.ts';

export interface ComplianceActor {
  id: bigint;
  username: string;
  ip: string;
}

/** One LGPD export per member per hour (docs/compliance.md). */
export const EXPORT_EVERY_MINUTES = 60;
/** How far back each pass of the patterns looks: two days covers a missed pass and a day's turn. */
const LOOKBACK_MS = 2 * 86_400_000;

export function createComplianceService(deps: { db: Db; ports: CompliancePorts; logger: Logger; now: () => Date }) {
  const { db, ports } = deps;

  function presentSettings(row: repository.ComplianceSettingRow): ComplianceSettings {
    return {
      lossDepositMinutes: row.loss_deposit_minutes,
      lossShareBp: row.loss_share_bp,
      lossDepositRepeat: row.loss_deposit_repeat,
      sessionHours: row.session_hours,
      sessionGapMinutes: row.session_gap_minutes,
      failedDeposits: row.failed_deposits,
      bigWinCents: Number(row.big_win_cents),
      rapidWithdrawMinutes: row.rapid_withdraw_minutes,
      rapidPlayShareBp: row.rapid_play_share_bp,
      limitHits: row.limit_hits,
    };
  }

  return {
    async historyCsv(memberId: bigint, range: { from: string; to: string } | undefined, language: 'pt' | 'en') {
      const timeZone = await ports.timeZone();
      const bounds = range ? dayBounds(range.from, range.to, timeZone) : undefined;
      const movements = ports.ledger.memberMovements(memberId, bounds ? { from: bounds.start, to: bounds.end } : {});
      const today = zonedToday(deps.now(), timeZone);
      const fileName = range ? `historico-${range.from}-${range.to}.csv` : `historico-${today}.csv`;
      return { fileName, chunks: historyCsv(movements, timeZone, language) };
    },

    async lgpdExport(memberId: bigint, ip: string) {
      const allowed = await db.transaction().execute((tx) => repository.claimExport(tx, memberId, 'lgpd', ip, EXPORT_EVERY_MINUTES));
      if (!allowed) throw new AppError('compliance.export_too_soon', 'one data export an hour');
      deps.logger.info({ memberId: memberId.toString(), ip }, 'LGPD data export');
      const now = deps.now();
      const own = async () => (await repository.exportsOf(db, memberId)).map((row) => ({ kind: row.kind, ip: row.ip, at: row.created_at.toISOString() }));
      return { fileName: `meus-dados-${now.toISOString().slice(0, 10)}.json`, chunks: lgpdExport(ports, memberId, now, own) };
    },

    async evaluate(): Promise<Record<string, number>> {
      const timeZone = await ports.timeZone();
      return repository.evaluatePatterns(db, { since: new Date(deps.now().getTime() - LOOKBACK_MS), timeZone });
    },

    async listAlerts(filter: { status?: string; pattern?: string; account?: string; from?: string; to?: string; page: number; pageSize: number }): Promise<Omit<ComplianceAlertList, 'page' | 'pageSize'>> {
      const memberId = filter.account ? await ports.memberIdOf(filter.account) : undefined;
      if (filter.account && memberId === undefined) return { content: [], total: 0 };
      const { rows, total } = await repository.listAlerts(db, { ...filter, memberId, limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize });
      const names = await ports.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return {
        content: rows.map((row) => ({
          id: row.id.toString(),
          memberId: row.member_id.toString(),
          account: names.get(row.member_id) ?? '',
          pattern: (COMPLIANCE_PATTERNS as readonly string[]).includes(row.pattern) ? (row.pattern as (typeof COMPLIANCE_PATTERNS)[number]) : 'big_win',
          day: row.window_day,
          detail: row.detail,
          status: row.status === 'acknowledged' ? 'acknowledged' : 'open',
          createdAt: row.created_at.toISOString(),
          acknowledgedBy: row.acknowledged_by_name,
          acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
          note: row.note,
        })),
        total,
      };
    },

    async acknowledge(id: bigint, note: string, actor: ComplianceActor): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const done = await repository.acknowledge(tx, id, { id: actor.id, name: actor.username, note });
        if (!done) {
          if (await repository.alertExists(tx, id)) throw new AppError('compliance.alert_acknowledged', 'already acknowledged');
          throw new AppError('compliance.alert_not_found', 'no such alert');
        }
        await ports.audit(tx, { operatorId: actor.id, action: 'compliance.alert.acknowledged', targetType: 'compliance_alert', targetId: id.toString(), details: { memberId: done.member_id.toString(), pattern: done.pattern, note }, ip: actor.ip });
      });
    },

    async settings(): Promise<ComplianceSettings> {
      return presentSettings(await repository.readSettings(db));
    },

    async saveSettings(input: ComplianceSettings, actor: ComplianceActor): Promise<ComplianceSettings> {
      return db.transaction().execute(async (tx) => {
        const before = presentSettings(await repository.readSettings(tx));
        await repository.saveSettings(tx, {
          loss_deposit_minutes: input.lossDepositMinutes,
          loss_share_bp: input.lossShareBp,
          loss_deposit_repeat: input.lossDepositRepeat,
          session_hours: input.sessionHours,
          session_gap_minutes: input.sessionGapMinutes,
          failed_deposits: input.failedDeposits,
          big_win_cents: BigInt(input.bigWinCents),
          rapid_withdraw_minutes: input.rapidWithdrawMinutes,
          rapid_play_share_bp: input.rapidPlayShareBp,
          limit_hits: input.limitHits,
        });
        await ports.audit(tx, { operatorId: actor.id, action: 'compliance.settings.changed', targetType: 'compliance_setting', targetId: 'thresholds', details: { before, after: input }, ip: actor.ip });
        return input;
      });
    },

    /** A day's extract of one family; audited (who took which data when). */
    async extract(day: string, family: 'bets' | 'wallet' | 'bettors', format: 'csv' | 'json', actor: ComplianceActor | null) {
      parseDay(day, 'day');
      const timeZone = await ports.timeZone();
      if (day > zonedToday(deps.now(), timeZone)) throw new AppError('compliance.range_invalid', 'the day has not begun');
      const { start, end } = dayBounds(day, day, timeZone);
      if (actor) await ports.audit(db, { operatorId: actor.id, action: 'compliance.extract.downloaded', targetType: 'compliance_extract', targetId: `${day}:${family}`, details: { format }, ip: actor.ip });
      const fileName = `extrato-${family}-${day}.${format}`;
      return { fileName, chunks: format === 'csv' ? extractCsv(ports, family, start, end) : extractJson(ports, family, day, timeZone, start, end) };
    },

    recordLimitHit: (memberId: bigint, kind: string) => repository.recordLimitHit(db, memberId, kind),
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
