import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@app/contracts';
import { Chips, TrophyIcon } from '@app/ui';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { GameImage } from '../../games/index.ts';
import { useLeaderboard, useWinners } from '../api/winners.api.ts';
import './winners-board.css';

type View = 'biggest' | LeaderboardPeriod;

/**
 * Home: the biggest-winners board (spec: 9 entries) and the winners leaderboard by period, from
 * real settled wins only. With no wins yet the section says so rather than inventing any.
 */
export function WinnersBoard() {
  const { t, i18n } = useTranslation('home');
  const language = currentLanguage(i18n);
  const [view, setView] = useState<View>('biggest');
  const money = (amount: string) => `R$ ${formatMoney(amount, language)}`;
  const views: View[] = ['biggest', ...LEADERBOARD_PERIODS];

  return (
    <section className="home-section winners" aria-labelledby="home-winners" data-testid="winners-board">
      <div className="winners__head">
        <h2 className="home-section__title" id="home-winners">
          <TrophyIcon size={20} /> {t('winners.title')}
        </h2>
        <Chips<View>
          items={views.map((id) => ({ id, label: t(`winners.views.${id}`), testId: `winners-view-${id}` }))}
          value={view}
          onChange={setView}
          label={t('winners.viewsLabel')}
        />
      </div>
      {view === 'biggest' ? <BiggestWins money={money} /> : <Ranking period={view} money={money} />}
    </section>
  );
}

function BiggestWins({ money }: { money: (amount: string) => string }) {
  const { t, i18n } = useTranslation('home');
  const board = useWinners(currentLanguage(i18n));
  if (board.isPending) return <p className="winners__note">{t('winners.loading')}</p>;
  if (board.isError) return <p className="winners__note">{t('winners.failed')}</p>;
  if (board.data.list.length === 0) return <p className="winners__note" data-testid="winners-empty">{t('winners.empty')}</p>;
  return (
    <ol className="winners__list">
      {board.data.list.map((entry, index) => (
        <li key={index} className="winners__entry" data-testid="winner-entry">
          <GameImage src={entry.iconUrl} className="winners__icon" fallbackIcon={<TrophyIcon size={22} />} />
          <div className="winners__who">
            <strong>{entry.customerName}</strong>
            <span>{entry.gameName}</span>
          </div>
          <span className="winners__amount">{money(entry.winAmount)}</span>
        </li>
      ))}
    </ol>
  );
}

function Ranking({ period, money }: { period: LeaderboardPeriod; money: (amount: string) => string }) {
  const { t } = useTranslation('home');
  const board = useLeaderboard(period);
  if (board.isPending) return <p className="winners__note">{t('winners.loading')}</p>;
  if (board.isError) return <p className="winners__note">{t('winners.failed')}</p>;
  if (board.data.entries.length === 0) return <p className="winners__note" data-testid="leaderboard-empty">{t('winners.rankingEmpty')}</p>;
  return (
    <ol className="winners__list winners__list--ranking">
      {board.data.entries.map((entry) => (
        <li key={entry.rank} className="winners__entry" data-testid="leaderboard-entry">
          <span className={`winners__rank winners__rank--${Math.min(entry.rank, 4)}`}>{entry.rank}</span>
          <div className="winners__who">
            <strong>{entry.customerName}</strong>
            <span>{t('winners.rounds', { count: entry.rounds })}</span>
          </div>
          <span className="winners__amount">{money(entry.winAmount)}</span>
        </li>
      ))}
    </ol>
  );
}
