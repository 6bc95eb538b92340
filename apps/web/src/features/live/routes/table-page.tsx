import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BaccaratResult, LiveTableState } from '@app/contracts';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { useLiveTable } from '../api/use-live-table.ts';
import { BaccaratBoard } from '../board/baccarat-board.tsx';
import { BoardControls } from '../board/board-controls.tsx';
import { RouletteBoard } from '../board/roulette-board.tsx';
import { useLiveBoard } from '../board/use-live-board.ts';
import { BaccaratStage } from '../components/baccarat-stage.tsx';
import { LiveCountdown } from '../components/countdown.tsx';
import { useLiveFormat } from '../components/live-format.ts';
import { MyBets, winOfRound } from '../components/my-bets.tsx';
import { BaccaratRoads } from '../components/roads.tsx';
import { RouletteStatsPanel } from '../components/roulette-stats.tsx';
import { RouletteWheel } from '../components/roulette-wheel.tsx';
import { TableChat } from '../components/table-chat.tsx';
import '../components/live.css';

/** /live/table/:code — one house table, shared by every player at it. */
export function LiveTablePage() {
  const { t } = useTranslation('live');
  const { code = '' } = useParams();
  const errorMessage = useErrorMessage();
  const table = useLiveTable(code);
  if (table.data) return <TableView state={table.data} />;
  return (
    <div className="page live-page" data-testid="live-table-page">
      <Link to="/live" className="live-back">
        ← {t('table.back')}
      </Link>
      {table.isError ? (
        <div data-testid="live-table-error">
          <Alert tone="error">{errorMessage(table.error)}</Alert>
          <Button variant="outline" size="sm" onClick={() => void table.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : (
        <Spinner label={t('lobby.loading')} />
      )}
    </div>
  );
}

function TableView({ state }: { state: LiveTableState }) {
  const { t } = useTranslation('live');
  const format = useLiveFormat();
  const control = useLiveBoard(state);
  const phone = useMediaQuery('(max-width: 700px)');
  const { table, round } = state;
  const open = table.status === 'open';
  const phase = !open ? 'closed' : (round?.phase ?? 'waiting');
  const mine = round?.phase === 'result' ? winOfRound(control.me, round.id) : null;
  const limits = Object.values(table.limits.perType);
  const minBet = limits.reduce((min, limit) => (Number(limit.min) < Number(min) ? limit.min : min), limits[0]?.min ?? '0.00');
  const maxBet = limits.reduce((max, limit) => (Number(limit.max) > Number(max) ? limit.max : max), limits[0]?.max ?? '0.00');
  const baccaratResults = state.history.map((entry) => entry.result).filter((result): result is BaccaratResult => result.game === 'baccarat');
  const rouletteNumbers = state.history.flatMap((entry) => (entry.result.game === 'roulette' ? [entry.result.number] : []));
  const winning = round?.phase === 'result' && round.result?.game === 'roulette' ? round.result.number : null;
  const bannerKey = !open ? 'closed' : phase === 'betting' ? (control.windowOpen ? 'placeBets' : 'noMoreBets') : phase === 'dealing' ? 'noMoreBets' : phase === 'result' ? 'result' : 'waiting';

  return (
    <div className={`page live-page live-page--${table.game}`} data-testid="live-table-page" data-code={table.code} data-phase={phase} data-round={round?.id ?? ''}>
      <header className="live-head">
        <Link to="/live" className="live-back" data-testid="live-back">
          ← {t('table.back')}
        </Link>
        <div className="live-head__title">
          <h1 className="live-head__name" data-testid="page-title">
            {table.name}
          </h1>
          <p className="live-muted">
            {t(`games.${table.game}`)} · {t('lobby.limits', { min: format.money(minBet), max: format.money(maxBet) })}
            {round ? ` · ${t('table.round', { number: round.number })}` : ''}
            {round?.handInShoe ? ` · ${t('table.hand', { number: round.handInShoe })}` : ''}
          </p>
        </div>
        <div className="live-head__facts">
          <span data-testid="live-players">{t('lobby.players', { count: state.players })}</span>
          {control.balance !== null ? (
            <span className="live-balance" data-testid="live-balance">
              {t('table.balance', { amount: format.money(control.balance) })}
            </span>
          ) : null}
        </div>
      </header>

      <div className="live-layout">
        <div className="live-main">
          <section className="live-stagebox" aria-label={t('table.stage')}>
            <div className="live-phasebar">
              <span className={`live-phase live-phase--${bannerKey}`} data-testid="live-phase" data-phase={phase}>
                {t(`banner.${bannerKey}`)}
              </span>
              <LiveCountdown round={open ? round : null} windowSeconds={table.bettingSeconds} />
            </div>
            {table.game === 'baccarat' ? <BaccaratStage round={round} /> : <RouletteWheel round={round} />}
            {mine ? (
              <p className={`live-mywin${mine.win > 0n ? ' is-win' : ''}`} data-testid="live-my-win" role="status">
                {mine.win > 0n ? t('table.youWon', { amount: format.cents(mine.win), stake: format.cents(mine.stake) }) : t('table.noWin', { amount: format.cents(mine.stake) })}
              </p>
            ) : null}
          </section>
          {table.game === 'baccarat' ? (
            <BaccaratBoard control={control} result={round?.phase === 'result' && round.result?.game === 'baccarat' ? round.result : null} />
          ) : (
            <RouletteBoard control={control} winning={winning} orientation={phone ? 'vertical' : 'horizontal'} />
          )}
          <BoardControls control={control} chips={table.chips} />
        </div>
        <aside className="live-side">
          {table.game === 'baccarat' ? <BaccaratRoads results={baccaratResults} shoe={state.shoe} /> : <RouletteStatsPanel numbers={rouletteNumbers} />}
          {control.viewer === 'member' ? <MyBets me={control.me} /> : null}
          <TableChat code={table.code} messages={state.chat} canSend={control.viewer === 'member'} />
        </aside>
      </div>
    </div>
  );
}
