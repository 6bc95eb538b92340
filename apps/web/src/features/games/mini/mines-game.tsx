import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinesRound } from '@app/contracts';
import { formatMultiplier as multiplierWire, MINES_COUNT_RANGE, minesMultiplier, minesNextChance, safeCells } from '@app/house-games';
import { Alert, Button } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { MiniSelect } from './mini-field.tsx';
import { MiniTableGate } from './mini-table-gate.tsx';
import { MiniAmountField, MiniFooter, MiniHead, MiniHistory, MiniRules, MiniStat, useMoney, useRtpText } from './mini-frame.tsx';
import { formatMultiplier, formatPercent } from './mini-math.ts';
import { GemIcon, MineIcon, MinesGrid } from './mines-grid.tsx';
import { MinesRules } from './mines-rules.tsx';
import { useMinesSession, type MinesSession } from './use-mines-session.ts';
import '../slot/slot.css';
import './mini.css';
import './mines.css';

const MINE_COUNTS = Array.from({ length: MINES_COUNT_RANGE.max - MINES_COUNT_RANGE.min + 1 }, (_, index) => index + MINES_COUNT_RANGE.min);
const EMPTY_BOARD = { mines: null, revealed: [], hit: null };

/** Mines: the table is loaded (with the round in progress, resumed), then the game plays on it. */
export function MinesScreen({ embedded = false, demoRequested = false }: { embedded?: boolean; demoRequested?: boolean }) {
  const session = useMinesSession();
  return (
    <MiniTableGate table={session.table} demoRequested={demoRequested}>
      {(notice) => <MinesGame session={session} embedded={embedded} notice={notice} />}
    </MiniTableGate>
  );
}

/**
 * The board (5×5, the round's gems and mines) with the round's numbers and the last rounds; beside
 * it the number of mines, the stake, the next multiplier and its chance, and one button: bet, or
 * cash out what the gems found so far pay.
 */
function MinesGame({ session, embedded, notice }: { session: MinesSession; embedded: boolean; notice: ReactNode }) {
  const { t, i18n } = useTranslation(['games', 'errors']);
  const language = currentLanguage(i18n);
  const money = useMoney();
  const [rulesOpen, setRulesOpen] = useState(false);
  const table = session.table.data!;
  const { round, playing, pending } = session;
  const mineCount = round && playing ? round.mineCount : session.mineCount;
  const reveals = round && playing ? round.revealed.length : 0;
  const nextMultiplier = round && playing ? round.nextMultiplier : multiplierWire(minesMultiplier(mineCount, 1));
  const multiplierText = (value: string | null) => (value === null ? '—' : formatMultiplier(value, language));
  const busy = pending !== null;

  const stage = (
    <section className="mini-stage">
      <div className="mines-board">
        <div className="mines-board__bar">
          <span className="mines-pill" data-testid="mines-count-pill">
            <MineIcon /> {t('games:mini.mines.minesPill', { count: mineCount })}
          </span>
          <span className="mines-pill" data-testid="mines-gems-pill">
            <GemIcon /> {t('games:mini.mines.gemsPill', { found: round ? round.revealed.length : 0, total: safeCells(round?.mineCount ?? mineCount) })}
          </span>
          <span className="mines-pill">
            {t('games:mini.multiplier')} <strong data-testid="mines-multiplier">{round && round.multiplier !== '0.0000' ? multiplierText(round.multiplier) : '—'}</strong>
          </span>
        </div>
        <MinesGrid
          board={round ?? EMPTY_BOARD}
          onPick={playing ? session.reveal : undefined}
          pendingCell={pending?.kind === 'reveal' ? pending.cell : null}
          disabled={busy}
          animate={!session.reducedMotion}
        />
      </div>
      <MinesStatus session={session} onRules={() => setRulesOpen(true)} />
      <MiniHistory rounds={session.history} chip={(item: MinesRound) => (item.state === 'cashed_out' ? multiplierText(item.multiplier) : formatMultiplier(0, language))} won={(item) => item.state === 'cashed_out'} />
    </section>
  );

  const controls = (
    <section className="mini-controls">
      <MiniSelect
        id="mines-count"
        label={t('games:mini.mines.count')}
        value={mineCount}
        options={MINE_COUNTS.map((count) => ({ value: count, label: String(count) }))}
        onValueChange={session.setMineCount}
        disabled={playing || busy}
      />
      <MiniAmountField stake={session} limits={table} disabled={playing || busy} />
      <div className="mini-stats">
        <MiniStat label={t('games:mini.mines.nextMultiplier')} value={multiplierText(nextMultiplier)} testId="mines-next-multiplier" />
        <MiniStat label={t('games:mini.mines.nextChance')} value={nextMultiplier === null ? '—' : formatPercent(minesNextChance(mineCount, reveals) * 100, language)} testId="mines-next-chance" />
      </div>
      {round && playing ? (
        <>
          <button type="button" className={`mini-play is-cashout${pending?.kind === 'cashout' ? ' is-busy' : ''}`} onClick={session.cashOut} disabled={round.cashOut === null || busy} aria-busy={pending?.kind === 'cashout'} data-testid="mines-cashout">
            {pending?.kind === 'cashout' ? t('games:mini.playing') : round.cashOut === null ? t('games:mini.mines.cashOutLocked') : t('games:mini.mines.cashOut', { amount: money(round.cashOut) })}
          </button>
          <Button variant="outline" className="mines-random" onClick={session.revealRandom} disabled={busy} data-testid="mines-random">
            {t('games:mini.mines.random')}
          </Button>
        </>
      ) : (
        <button type="button" className={`mini-play${pending?.kind === 'start' ? ' is-busy' : ''}`} onClick={session.start} disabled={!session.canStart} aria-busy={pending?.kind === 'start'} data-testid="mines-start">
          {pending?.kind === 'start' ? t('games:mini.playing') : t('games:mini.play.mines')}
        </button>
      )}
      {session.insufficient ? (
        <p className="mini-controls__hint" data-testid="mini-insufficient">
          {t('games:mini.insufficient')}
        </p>
      ) : session.paced && !playing ? (
        <p className="mini-controls__hint">{t('games:mini.pace')}</p>
      ) : null}
      <MiniFooter error={session.error} balance={session.balance} />
    </section>
  );

  const rtpText = useRtpText(table.rtp);
  return (
    <div className="mini-screen mini-theme--mines" data-testid="mini-screen" data-game="mines" data-state={round?.state ?? 'idle'}>
      <MiniHead table={table} embedded={embedded} rtpText={rtpText} onRules={() => setRulesOpen(true)} />
      {notice}
      {!table.playable ? <Alert tone="info">{t('errors:house.game_unavailable')}</Alert> : null}
      <div className="mini-layout">
        {stage}
        {controls}
      </div>
      <MiniRules table={table} open={rulesOpen} onClose={() => setRulesOpen(false)} rtp={rtpText}>
        <MinesRules mineCount={mineCount} />
      </MiniRules>
    </div>
  );
}

/** Under the board: the rule before the first round, the round's progress, then how it ended. */
function MinesStatus({ session, onRules }: { session: MinesSession; onRules: () => void }) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const money = useMoney();
  const { round } = session;
  if (!round || round.state === 'playing') {
    const text = !round ? t('mini.summary.mines') : round.revealed.length === 0 ? t('mini.mines.pickFirst') : t('mini.mines.keepGoing', { amount: money(round.cashOut ?? '0.00') });
    return (
      <div className="mini-status" role="status" data-testid="mini-status">
        <p className="mini-status__summary">
          {text}
          {round ? null : (
            <>
              {' '}
              <button type="button" className="slot-link" onClick={onRules}>
                {t('mini.rulesLink')}
              </button>
            </>
          )}
        </p>
      </div>
    );
  }
  const won = round.state === 'cashed_out';
  const headline =
    round.state === 'cashed_out' ? t('mini.mines.cashedOut', { multiplier: formatMultiplier(round.multiplier, language) }) : round.state === 'lost' ? t('mini.mines.boom') : t('mini.mines.refunded');
  const line = round.state === 'cashed_out' ? t('mini.result.won', { amount: money(round.win) }) : round.state === 'lost' ? t('mini.result.lost') : t('mini.mines.refundedLine', { amount: money(round.bet) });
  return (
    <div className={`mini-status mini-result ${won ? 'is-won' : 'is-lost'}`} role="status" data-testid="mini-result" data-won={String(won)} data-state={round.state}>
      <strong className="mini-result__headline">{headline}</strong>
      <span className="mini-result__line" data-testid="mini-result-line">
        {line}
      </span>
    </div>
  );
}
