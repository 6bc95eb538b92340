import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrashMyBet, CrashRoundView } from '@app/contracts';
import type { CrashClock } from './crash-clock.ts';
import { useCrashFormat } from './crash-format.ts';
import { CrashGraph } from './crash-graph.tsx';
import { everyFrame, useCrashFrame } from './use-crash-frame.ts';

interface CrashStageProps {
  round: CrashRoundView | null;
  clock: CrashClock;
  capHundredths: number;
  /** The member's bet in this round: a cash-out shows on the board. */
  bet: CrashMyBet | null;
}

/**
 * The betting window's length for the countdown bar. The contract gives only its end, so the
 * length is what was left when the round was first seen (a window seen from its start is the
 * whole window); a later round is never shorter than one seen whole before it.
 */
function useBettingWindow(round: CrashRoundView | null, countdownMs: number): number {
  const [seen, setSeen] = useState<{ roundId: string; totalMs: number } | null>(null);
  if (round?.phase === 'betting' && seen?.roundId !== round.id && countdownMs > 0) {
    setSeen({ roundId: round.id, totalMs: Math.max(countdownMs, seen?.totalMs ?? 0) });
  }
  return seen?.totalMs ?? countdownMs;
}

/**
 * The board: the curve, the big multiplier and what the round is doing ("Apostas abertas —
 * começa em 4,2 s", "Estourou em 2,37×"), redrawn on every animation frame while it moves.
 */
export function CrashStage({ round, clock, capHundredths, bet }: CrashStageProps) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  const frame = useCrashFrame(round, clock, capHundredths, everyFrame);
  const bettingMs = useBettingWindow(round, frame.countdownMs);
  const phase = round?.phase ?? null;
  const tenths = Math.ceil(frame.countdownMs / 100);
  const cashedHere = bet?.cashOut ? bet.cashOut : null;

  // The visible line counts down; the announced one changes only with the phase.
  let phaseText: string;
  let announced: string;
  if (!round) phaseText = announced = t('crash.phase.waiting');
  else if (round.phase === 'betting') {
    announced = t('crash.phase.bettingOpen');
    phaseText = tenths > 0 ? t('crash.phase.betting', { seconds: format.seconds(tenths / 10) }) : t('crash.phase.starting');
  } else if (round.phase === 'running') phaseText = announced = t('crash.phase.running');
  else phaseText = announced = t('crash.phase.crashed', { multiplier: format.multiplier(frame.hundredths) });

  return (
    <div className={`crash-stage crash-stage--${phase ?? 'idle'}`} data-testid="crash-stage" data-phase={phase ?? 'idle'}>
      <CrashGraph phase={phase} elapsedMs={frame.elapsedMs} multiplierLabel={format.axisMultiplier} secondsLabel={(seconds) => format.seconds(seconds, 0)} />
      <div className="crash-stage__center">
        <strong className="crash-stage__multiplier" data-testid="crash-multiplier" data-value={(frame.hundredths / 100).toFixed(2)}>
          {format.multiplier(frame.hundredths)}
        </strong>
        <p className="crash-stage__phase" data-testid="crash-phase" data-phase={phase ?? 'idle'}>
          {phaseText}
        </p>
        <span className="ui-visually-hidden" role="status">
          {announced}
        </span>
        {phase === 'betting' ? (
          <span className="crash-stage__countdown" aria-hidden="true">
            <span style={{ transform: `scaleX(${bettingMs > 0 ? Math.min(1, frame.countdownMs / bettingMs) : 0})` }} />
          </span>
        ) : null}
        {cashedHere ? (
          <span className="crash-stage__cashed" data-testid="crash-stage-cashed">
            {t('crash.stage.cashed', { multiplier: format.multiplierText(cashedHere) })}
          </span>
        ) : null}
      </div>
    </div>
  );
}
