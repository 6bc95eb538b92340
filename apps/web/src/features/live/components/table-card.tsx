import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiveTableSummary } from '@app/contracts';
import { LiveCountdown } from './countdown.tsx';
import { useLiveFormat } from './live-format.ts';
import { LastResults } from './result-chips.tsx';

/** One house table in the /live lobby: game, name, state, countdown, last results, players, limits. */
export function TableCard({ table }: { table: LiveTableSummary }) {
  const { t } = useTranslation('live');
  const format = useLiveFormat();
  const open = table.status === 'open';
  const phase = open ? (table.round?.phase ?? 'waiting') : 'closed';
  return (
    <Link to={`/live/table/${encodeURIComponent(table.code)}`} className={`live-card live-card--${table.game}${open ? '' : ' is-closed'}`} data-testid={`live-table-${table.code}`} data-phase={phase} data-status={table.status}>
      <div className="live-card__top">
        <span className={`live-card__game live-card__game--${table.game}`}>{t(`games.${table.game}`)}</span>
        <span className={`live-status live-status--${table.status}`} data-testid="live-card-status">
          {t(`status.${table.status}`)}
        </span>
      </div>
      <h3 className="live-card__name">{table.name}</h3>
      <div className="live-card__state">
        <span className="live-card__phase" data-testid="live-card-phase">
          {t(`phase.${phase}`)}
        </span>
        {open && table.round?.phase === 'betting' ? <LiveCountdown round={table.round} windowSeconds={table.bettingSeconds} compact testId="live-card-countdown" /> : null}
      </div>
      <LastResults game={table.game} results={table.lastResults} testId="live-card-results" />
      <div className="live-card__foot">
        <span data-testid="live-card-players">{t('lobby.players', { count: table.players })}</span>
        <span data-testid="live-card-limits">{t('lobby.limits', { min: format.money(table.minBet), max: format.money(table.maxBet) })}</span>
      </div>
    </Link>
  );
}
