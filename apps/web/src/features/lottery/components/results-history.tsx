import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LotteryDraw } from '@app/contracts';
import { Button, Spinner } from '@app/ui';
import { useWalletFormat } from '../../wallet/index.ts';
import { gameQueryOptions, resultsQueryOptions } from '../api/lottery.api.ts';
import { useLotteryNames } from './names.ts';
import { ResultView } from './result-view.tsx';
import { LoadProblem } from './states.tsx';
import { TrendChart } from './trend-chart.tsx';

const HISTORY = 30;

function DrawRow({ draw, open, fast, onVerify }: { draw: LotteryDraw; open: boolean; fast: boolean; onVerify: (id: string) => void }) {
  const { t } = useTranslation('lottery');
  const format = useWalletFormat('R$');
  const title = (
    <>
      <span className="lt-history__no">{t('draw.number', { no: draw.drawNo })}</span>
      <span className="lt-history__at">{format.dateTime(draw.drawAt)}</span>
      {draw.status === 'cancelled' ? <span className="lt-badge is-void">{t('drawStatus.cancelled')}</span> : null}
      {draw.corrections > 0 ? <span className="lt-badge">{t('result.corrected')}</span> : null}
    </>
  );
  if (fast) {
    return (
      <li className="lt-history__row" data-testid="lt-history-draw">
        <div className="lt-history__line">{title}</div>
        {draw.result ? <ResultView result={draw.result} compact /> : <span className="lt-history__pending">{t(`drawStatus.${draw.status}`)}</span>}
        {draw.result ? <Button variant="ghost" size="sm" onClick={() => onVerify(draw.id)} data-testid="lt-history-verify">{t('verify.open')}</Button> : null}
      </li>
    );
  }
  return (
    <li className="lt-history__row" data-testid="lt-history-draw">
      <details open={open}>
        <summary className="lt-history__line">
          {title}
          {draw.result ? <ResultView result={draw.result} compact /> : <span className="lt-history__pending">{t(`drawStatus.${draw.status}`)}</span>}
        </summary>
        {draw.result ? <ResultView result={draw.result} /> : null}
      </details>
    </li>
  );
}

/** Results history (spec §7 "opened numeros"): the last draws of a game and the trend chart. */
export function ResultsHistory({ gameCode, onVerify }: { gameCode: string; onVerify: (drawId: string) => void }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  const game = useQuery(gameQueryOptions(gameCode, null));
  const results = useQuery(resultsQueryOptions(gameCode, HISTORY));
  if (game.isPending || results.isPending) return <div className="lt-state"><Spinner label={t('state.loading')} /></div>;
  if (game.isError) return <LoadProblem error={game.error} onRetry={() => void game.refetch()} />;
  if (results.isError) return <LoadProblem error={results.error} onRetry={() => void results.refetch()} />;
  const draws = results.data.draws;
  const fast = game.data.family === 'fast_5d';
  return (
    <div className="lt-history" data-testid="lt-history">
      <h2 className="lt-group__title">{t('result.historyOf', { game: names.game(game.data) })}</h2>
      {draws.length === 0 ? (
        <p className="lt-state" data-testid="lt-history-empty">{t('result.none')}</p>
      ) : (
        <div className="lt-history__layout">
          <section className="lt-history__trend" aria-label={t('trend.title')}>
            <h3>{t('trend.title')}</h3>
            <TrendChart family={game.data.family} draws={draws} />
          </section>
          <ol className="lt-history__list">
            {draws.map((draw, index) => (
              <DrawRow key={draw.id} draw={draw} open={index === 0} fast={fast} onVerify={onVerify} />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
