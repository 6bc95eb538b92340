import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '@app/ui';
import type { Downline } from '@app/contracts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { downlineSummaryQueryOptions } from '../api/agent.queries.ts';
import { DownlineStatusChip, useLevelLabel } from './downline-labels.tsx';
import { DownlineTypeControl } from './downline-type-control.tsx';
import { PeriodFilter, PeriodLabel } from './period-filter.tsx';
import { ReportBody, Stat, useAccountTypeLabel, useAgentFormat } from './report-kit.tsx';
import { TeamFiguresGrid } from './team-figures.tsx';
import { usePeriod } from './use-period.ts';

/** One member of the team: who it is, its balance, and its own and its team's figures for a period. */
export function DownlineSummaryDialog({ downline: listed, onClose }: { downline: Downline; onClose: () => void }) {
  const { t } = useTranslation(['agent', 'common']);
  const token = useSessionToken();
  const period = usePeriod('today');
  const summary = useQuery(downlineSummaryQueryOptions(token, listed.account, period.selection));
  const format = useAgentFormat(summary.data?.period.timeZone);
  const typeLabel = useAccountTypeLabel();
  const levelLabel = useLevelLabel();
  // The summary's copy is fresher (a type just changed); the list's shows until it arrives.
  const downline = summary.data?.downline ?? listed;

  return (
    <Modal open onClose={onClose} title={t('agent:summary.title', { account: downline.account })} closeLabel={t('common:actions.close')} size="lg" testId="downline-summary">
      <div className="stack stack--gap-4 agent-summary">
        <dl className="agent-summary__facts" data-testid="summary-facts">
          <div>
            <dt>{t('agent:downlines.columns.nickname')}</dt>
            <dd>{downline.nickname || downline.account}</dd>
          </div>
          <div>
            <dt>{t('agent:downlines.columns.type')}</dt>
            <dd data-testid="summary-type">{typeLabel(downline.type)}</dd>
          </div>
          <div>
            <dt>{t('agent:downlines.columns.level')}</dt>
            <dd>{levelLabel(downline.level)}</dd>
          </div>
          <div>
            <dt>{t('agent:downlines.columns.upline')}</dt>
            <dd>{downline.upline ?? t('agent:downlines.noUpline')}</dd>
          </div>
          <div>
            <dt>{t('agent:downlines.columns.teamSize')}</dt>
            <dd>{format.points(String(downline.teamSize))}</dd>
          </div>
          <div>
            <dt>{t('agent:downlines.columns.status')}</dt>
            <dd>
              <DownlineStatusChip status={downline.status} />
            </dd>
          </div>
          <div>
            <dt>{t('agent:downlines.columns.createdAt')}</dt>
            <dd>{format.dateTime(downline.createdAt)}</dd>
          </div>
        </dl>
        {downline.level === 1 && downline.grantableTypes.length > 0 ? <DownlineTypeControl downline={downline} /> : null}
        <PeriodFilter control={period} testId="summary-period" />
        {period.selection === null ? null : (
          <ReportBody query={summary} testId="summary-results" framed={false}>
            {(data) => (
              <>
                <p className="agent-report-meta">
                  <PeriodLabel period={data.period} format={format} />
                </p>
                <div className="agent-stats">
                  <Stat label={t('agent:summary.balance')} value={format.money(data.balance)} testId="summary-balance" tone="highlight" />
                </div>
                <h3 className="agent-summary__heading">{t('agent:summary.own')}</h3>
                <TeamFiguresGrid figures={data.own} format={format} testId="summary-own" />
                <h3 className="agent-summary__heading">{t('agent:summary.team')}</h3>
                <TeamFiguresGrid figures={data.team} format={format} testId="summary-team" />
              </>
            )}
          </ReportBody>
        )}
      </div>
    </Modal>
  );
}
