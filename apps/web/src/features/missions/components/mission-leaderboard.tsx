import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSION_LEADERBOARD_PERIODS, type MissionLeaderboardPeriod } from '@app/contracts';
import { Alert, Spinner, Tabs, TrophyIcon } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useMissionLeaderboard } from '../api/missions.api.ts';
import { useMissionFormat } from './mission-format.ts';

/**
 * The mission leaderboard (spec §7 MCSFE_getMissionLeaderboard): who completed the most missions
 * today, this week or this month, names masked by the server, and the member's own rank.
 */
export function MissionLeaderboard() {
  const { t } = useTranslation('missions');
  const [period, setPeriod] = useState<MissionLeaderboardPeriod>('day');
  const board = useMissionLeaderboard(period);
  const format = useMissionFormat();
  const errorMessage = useErrorMessage();
  const data = board.data;

  return (
    <section className="wallet-card mission-board" aria-labelledby="mission-board-title" data-testid="mission-leaderboard">
      <div className="mission-board__head">
        <h3 id="mission-board-title" className="wallet-card__title mission-board__title">
          <TrophyIcon size={18} /> {t('leaderboard.title')}
        </h3>
        <Tabs
          label={t('leaderboard.tabsLabel')}
          value={period}
          onChange={setPeriod}
          items={MISSION_LEADERBOARD_PERIODS.map((id) => ({ id, label: t(`leaderboard.periods.${id}`), testId: `mission-board-${id}` }))}
        />
      </div>
      <p className="wallet-card__hint">
        {t('leaderboard.hint')}
        {data ? ` ${data.periodStart === data.periodEnd ? t('leaderboard.day', { date: format.day(data.periodStart) }) : t('leaderboard.range', { start: format.day(data.periodStart), end: format.day(data.periodEnd) })}` : null}
      </p>
      {board.isError && !data ? <Alert tone="error">{errorMessage(board.error)}</Alert> : null}
      {!data && !board.isError ? <Spinner label={t('loading')} layout="block" /> : null}
      {data ? (
        <>
          <p className={data.me ? 'mission-board__me' : 'mission-board__me is-none'} data-testid="mission-board-me">
            {data.me ? t('leaderboard.me', { rank: data.me.rank, count: data.me.completed }) : t('leaderboard.meNone')}
          </p>
          {data.list.length === 0 ? (
            <p className="missions__empty" data-testid="mission-board-empty">
              {t('leaderboard.empty')}
            </p>
          ) : (
            <table className="mission-board__table" data-testid="mission-board-table" aria-busy={board.isPlaceholderData}>
              <thead>
                <tr>
                  <th scope="col">{t('leaderboard.rank')}</th>
                  <th scope="col">{t('leaderboard.player')}</th>
                  <th scope="col" className="is-numeric">
                    {t('leaderboard.completed')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((entry) => {
                  const mine = data.me !== null && data.me.rank === entry.rank && data.me.name === entry.name;
                  return (
                    <tr key={`${entry.rank}-${entry.name}`} className={mine ? 'is-me' : undefined} aria-current={mine ? 'true' : undefined} data-testid="mission-board-row" data-rank={entry.rank}>
                      <td>
                        <span className={entry.rank <= 3 ? `mission-board__rank is-top is-top-${entry.rank}` : 'mission-board__rank'}>{entry.rank}</span>
                      </td>
                      <td className="mission-board__name">
                        {entry.name}
                        {mine ? <span className="mission-board__you">{t('leaderboard.you')}</span> : null}
                      </td>
                      <td className="is-numeric">{entry.completed}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}
