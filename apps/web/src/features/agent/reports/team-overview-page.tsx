import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../shared/session-token.ts';
import { teamOverviewQueryOptions } from '../api/agent.queries.ts';
import { PeriodFilter, PeriodLabel } from './period-filter.tsx';
import { ReportBody, Stat, useAgentFormat } from './report-kit.tsx';
import { TeamFiguresGrid } from './team-figures.tsx';
import { usePeriod } from './use-period.ts';

/** agentTeamOverview (the default page): the team's size and money for a period at a glance. */
export function TeamOverviewPage() {
  const { t } = useTranslation('agent');
  const token = useSessionToken();
  const period = usePeriod('today');
  const overview = useQuery(teamOverviewQueryOptions(token, period.selection));
  const format = useAgentFormat(overview.data?.period.timeZone);
  const count = (value: number) => format.points(String(value));

  return (
    <div className="wallet-page" data-testid="team-overview">
      <section className="wallet-card wallet-filters" aria-label={t('period.label')}>
        <PeriodFilter control={period} />
      </section>
      {period.selection === null ? null : (
        <ReportBody query={overview} testId="overview-results">
          {(data) => (
            <>
              <p className="agent-report-meta">
                <PeriodLabel period={data.period} format={format} />
                <span data-testid="overview-as-of">{t('overview.asOf', { time: format.dateTime(data.asOf) })}</span>
              </p>
              <section className="wallet-card" aria-labelledby="overview-team-title">
                <h2 className="wallet-card__title" id="overview-team-title">
                  {t('overview.teamTitle')}
                </h2>
                <div className="agent-stats">
                  <Stat label={t('overview.teamSize')} value={count(data.teamSize)} hint={t('overview.teamSizeHint')} testId="overview-teamSize" />
                  <Stat label={t('overview.directCount')} value={count(data.directCount)} testId="overview-directCount" />
                  <Stat label={t('overview.newMembers')} value={count(data.newMembers)} hint={t('overview.newMembersHint')} testId="overview-newMembers" />
                  <Stat
                    label={t('overview.activeMembers')}
                    value={count(data.activeMembers)}
                    hint={t('overview.activeHint', { amount: format.money(data.activeThreshold) })}
                    testId="overview-activeMembers"
                  />
                </div>
              </section>
              <section className="wallet-card" aria-labelledby="overview-money-title">
                <h2 className="wallet-card__title" id="overview-money-title">
                  {t('overview.moneyTitle')}
                </h2>
                <TeamFiguresGrid figures={data.figures} format={format} testId="overview-figures" />
              </section>
            </>
          )}
        </ReportBody>
      )}
    </div>
  );
}
