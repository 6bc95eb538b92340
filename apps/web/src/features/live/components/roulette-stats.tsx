import { useTranslation } from 'react-i18next';
import { rouletteStats } from '@app/house-games';
import { RouletteNumber } from './result-chips.tsx';

/** Last results, hot and cold numbers, and how often each even-money and dozen came up (spins oldest first). */
export function RouletteStatsPanel({ numbers }: { numbers: number[] }) {
  const { t, i18n } = useTranslation('live');
  const stats = rouletteStats(numbers);
  const percent = (count: number) => new Intl.NumberFormat(i18n.language === 'pt' ? 'pt-BR' : 'en-US', { style: 'percent', maximumFractionDigits: 0 }).format(stats.spins === 0 ? 0 : count / stats.spins);
  const latest = [...numbers].reverse().slice(0, 24);
  const rows: Array<[string, number, string, number]> = [
    [t('roulette.even.red'), stats.red, t('roulette.even.black'), stats.black],
    [t('roulette.even.odd'), stats.odd, t('roulette.even.even'), stats.even],
    [t('roulette.even.low'), stats.low, t('roulette.even.high'), stats.high],
  ];
  return (
    <section className="live-panel live-rstats" data-testid="roulette-stats" aria-label={t('stats.title')}>
      <h3 className="live-panel__title">{t('stats.lastResults')}</h3>
      <div className="live-last live-last--strip" data-testid="roulette-last">
        {latest.length === 0 ? <span className="live-muted">{t('lobby.noResults')}</span> : latest.map((n, index) => <RouletteNumber key={index} number={n} size="sm" />)}
      </div>
      <div className="live-rstats__hotcold">
        <div data-testid="roulette-hot">
          <h4>{t('stats.hot')}</h4>
          <div className="live-last">{stats.hot.map((n) => <RouletteNumber key={n} number={n} size="sm" />)}</div>
        </div>
        <div data-testid="roulette-cold">
          <h4>{t('stats.cold')}</h4>
          <div className="live-last">{stats.cold.map((n) => <RouletteNumber key={n} number={n} size="sm" />)}</div>
        </div>
      </div>
      <dl className="live-stats live-stats--pairs" data-testid="roulette-percentages">
        {rows.map(([a, countA, b, countB]) => (
          <div key={a}>
            <dt>{a} / {b}</dt>
            <dd>{percent(countA)} / {percent(countB)}</dd>
          </div>
        ))}
        <div>
          <dt>{t('stats.dozens')}</dt>
          <dd>{stats.dozens.map(percent).join(' / ')}</dd>
        </div>
        <div>
          <dt>{t('roulette.zero')}</dt>
          <dd>{percent(stats.green)}</dd>
        </div>
      </dl>
      <p className="live-muted">{t('stats.spins', { count: stats.spins })}</p>
    </section>
  );
}
