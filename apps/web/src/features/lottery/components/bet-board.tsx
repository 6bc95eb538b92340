import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { betTypeRule, type LotteryGame, type LotteryPrizeMode } from '@app/contracts';
import { Button, Spinner } from '@app/ui';
import { gameQueryOptions, lotteryKeys, resultsQueryOptions } from '../api/lottery.api.ts';
import { serverNow } from '../api/server-clock.ts';
import { Countdown } from './countdown.tsx';
import type { SlipState } from './lottery-slip.tsx';
import { useLotteryNames } from './names.ts';
import { NumberPad } from './number-pad.tsx';
import { quickPick } from './quick-pick.ts';
import { ResultView } from './result-view.tsx';
import { SlipDock } from './slip-dock.tsx';
import { toggleSelection } from './slip-math.ts';
import { LoadProblem } from './states.tsx';

const DEFAULT_STAKE = '1';

/** A game's next draw still taking bets (not closed by the clock or by a refusal), or null while the next one is not out yet. */
function openDraw(game: LotteryGame | undefined, closedId: string | null = null) {
  const draw = game?.nextDraw ?? null;
  return draw && draw.id !== closedId && draw.status === 'open' && Date.parse(draw.closesAt) > serverNow() ? draw : null;
}

/** The betting page of one game: its draw and countdown, bet-type tabs, the pad, quick picks and the slip. */
export function BetBoard({ gameCode, onResults, onVerify }: { gameCode: string; onResults: () => void; onVerify: (drawId: string) => void }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  const queryClient = useQueryClient();
  const [prizeMode, setPrizeMode] = useState<LotteryPrizeMode | null>(null);
  const game = useQuery({
    ...gameQueryOptions(gameCode, prizeMode),
    // Between a close and the next draw's opening, ask every few seconds.
    refetchInterval: (query) => (openDraw(query.state.data) ? 30_000 : 3_000),
  });
  // The draw shown before the current one: from a minute before its draw time its result is awaited
  // and asked for every few seconds (a fast draw's result lands a second after its time; the
  // interval is chosen after each answer, so it must not wait for the draw time itself).
  const [seen, setSeen] = useState<{ id: string; drawAt: string } | null>(null);
  const [awaited, setAwaited] = useState<{ id: string; drawAt: string } | null>(null);
  const next = game.data?.nextDraw ?? null;
  if (next && next.id !== seen?.id) {
    if (seen) setAwaited(seen);
    setSeen({ id: next.id, drawAt: next.drawAt });
  }
  const results = useQuery({
    ...resultsQueryOptions(gameCode, 1),
    refetchInterval: (query) => {
      const latest = query.state.data?.draws.find((item) => item.result);
      const due = awaited !== null && Date.parse(awaited.drawAt) - serverNow() < 60_000 && (!latest || Date.parse(latest.drawAt) < Date.parse(awaited.drawAt));
      return due ? 3_000 : 30_000;
    },
  });
  const [slip, setSlip] = useState<Omit<SlipState, 'prizeMode'>>({ betType: '', selections: [], stake: DEFAULT_STAKE });

  // The draw the countdown (or a draw_closed refusal) closed: shown closed at once, whatever the cache says.
  const [closedId, setClosedId] = useState<string | null>(null);
  const shownId = game.data?.nextDraw?.id ?? null;
  const refreshDraw = useCallback(() => {
    setClosedId(shownId);
    void queryClient.invalidateQueries({ queryKey: ['lottery', 'game', gameCode] });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.results(gameCode, 1) });
  }, [queryClient, gameCode, shownId]);

  if (game.isPending) return <div className="lt-state"><Spinner label={t('state.loading')} /></div>;
  if (game.isError) return <LoadProblem error={game.error} onRetry={() => void game.refetch()} />;

  const data = game.data;
  const offered = data.betTypes.filter((item) => betTypeRule(data.family, item.code));
  const betType = offered.some((item) => item.code === slip.betType) ? slip.betType : offered[0]?.code ?? '';
  const rule = betTypeRule(data.family, betType);
  const draw = openDraw(data, closedId);
  const shownDraw = data.nextDraw;
  const current: SlipState = { ...slip, betType, prizeMode: prizeMode ?? data.prizeModes[0] ?? 'LOTT' };
  const update = (patch: Partial<SlipState>) => {
    if (patch.prizeMode) setPrizeMode(patch.prizeMode);
    const { prizeMode: _mode, ...rest } = patch;
    setSlip((previous) => ({ ...previous, betType, ...rest }));
  };
  const chooseType = (code: string) => setSlip((previous) => ({ ...previous, betType: code, selections: [] }));
  const last = results.data?.draws.find((item) => item.result);
  const fill = rule ? Math.max(1, rule.minSelections) : 1;

  return (
    <div className="lt-board" data-testid="lt-board">
      <div className="lt-board__main">
        <section className="lt-draw" data-testid="lt-draw" aria-label={t('draw.current')}>
          <div>
            <h2 className="lt-draw__game">{names.game(data)}</h2>
            <p className="lt-draw__no" data-testid="lt-draw-no">{shownDraw ? t('draw.number', { no: shownDraw.drawNo }) : data.intervalMinutes ? t('draw.opening') : t('draw.none')}</p>
          </div>
          {shownDraw ? <Countdown closesAt={shownDraw.closesAt} onClosed={refreshDraw} /> : null}
          {!draw && shownDraw ? <p className="lt-draw__waiting" data-testid="lt-draw-waiting">{t('draw.waitingNext')}</p> : null}
        </section>
        <div className="lt-types" role="tablist" aria-label={t('betTypes.label')} data-testid="lt-bet-types">
          {offered.map((item) => (
            <button key={item.code} type="button" role="tab" aria-selected={item.code === betType} className={item.code === betType ? 'lt-types__tab is-selected' : 'lt-types__tab'} data-testid={`lt-bet-type-${item.code}`} onClick={() => chooseType(item.code)}>
              {names.betType(item.code)}
            </button>
          ))}
        </div>
        {rule ? (
          <section className="lt-pad-panel" aria-label={names.betType(betType)}>
            <p className="lt-pad-panel__hint" data-testid="lt-bet-hint">{names.betTypeHint(betType)}</p>
            <div className="lt-pad-panel__quick">
              <Button variant="outline" size="sm" data-testid="lt-quick-pick" onClick={() => update({ selections: quickPick(rule, fill) })}>{t('pad.quickPick', { count: fill })}</Button>
              <Button variant="ghost" size="sm" data-testid="lt-quick-add" onClick={() => update({ selections: [...current.selections, ...quickPick(rule, 1, current.selections)] })}>{t('pad.quickAdd')}</Button>
            </div>
            <NumberPad
              rule={rule}
              selections={current.selections}
              onToggle={(value) => update({ selections: toggleSelection(current.selections, value) })}
              onAdd={(values) => update({ selections: [...current.selections, ...values.filter((value, index) => !current.selections.includes(value) && values.indexOf(value) === index)] })}
            />
          </section>
        ) : (
          <p className="lt-state" data-testid="lt-no-bet-types">{t('betTypes.none')}</p>
        )}
        <section className="lt-last" data-testid="lt-last-result" aria-label={t('result.previous')}>
          <header className="lt-last__head">
            <h3>{t('result.previous')}</h3>
            <Button variant="ghost" size="sm" onClick={onResults} data-testid="lt-open-results">{t('result.history')}</Button>
          </header>
          {last?.result ? (
            <>
              <p className="lt-last__no">{t('draw.number', { no: last.drawNo })}</p>
              <ResultView result={last.result} />
              {data.family === 'fast_5d' ? (
                <Button variant="outline" size="sm" onClick={() => onVerify(last.id)} data-testid="lt-verify-link">{t('verify.open')}</Button>
              ) : null}
            </>
          ) : (
            <p className="lt-last__none">{t('result.none')}</p>
          )}
        </section>
      </div>
      {rule ? <SlipDock game={data} draw={shownDraw} open={draw !== null} slip={current} onChange={update} onPlaced={() => update({ selections: [] })} onDrawClosed={refreshDraw} /> : null}
    </div>
  );
}
