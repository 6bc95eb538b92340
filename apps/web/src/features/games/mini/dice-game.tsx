import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n.ts';
import { MiniFrame, MiniStat, usePayoutText } from './mini-frame.tsx';
import { DICE_TARGET, diceOdds, formatDecimal, formatMultiplier, formatPercent, hundredthsText, type DiceDirection, type MiniRound } from './mini-math.ts';
import type { MiniGameProps } from './mini-game-props.ts';
import { RuleNotes } from './rule-notes.tsx';

/** The marker slides to the roll in this long (the CSS transition of .dice-marker). */
const ROLL_MS = 600;

function rollOf(round: MiniRound | null): { roll: string; won: boolean; target: string; direction: DiceDirection } | null {
  return round && 'roll' in round.result ? round.result : null;
}

/**
 * Dados: a target from 2 to 98 on a 0–100 track, over or under; the win chance and the
 * multiplier follow the target live; the roll lands on the track with a sliding marker.
 */
export function DiceGame({ session, embedded, notice }: MiniGameProps) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const [direction, setDirection] = useState<DiceDirection>('over');
  /** Hundredths, like the engine: 5000 = 50.00. */
  const [target, setTarget] = useState(5000);
  const odds = diceOdds(direction, target);
  const payout = usePayoutText(session, odds.multiplier);
  // The marker stays on the last roll while the next is requested, then slides to the new one.
  const shown = rollOf(session.round);
  const landed = session.phase === 'result' && shown !== null;
  const targetText = formatDecimal(target / 100, language);

  const onPlay = () => void session.play({ direction, target: hundredthsText(target) }, session.reducedMotion ? 0 : ROLL_MS);

  const stage = (
    <div className="dice-board" data-testid="dice-board">
      <div className="dice-board__target">
        <span className="mini-label">{t('mini.dados.target')}</span>
        <strong className="dice-board__target-value">{targetText}</strong>
        <span className="dice-board__rule">{direction === 'over' ? t('mini.dados.winsOver', { target: targetText }) : t('mini.dados.winsUnder', { target: targetText })}</span>
      </div>
      <div className={`dice-track dice-track--${direction}`} style={{ '--target': `${target / 100}%` } as CSSProperties}>
        <div className="dice-track__bar" aria-hidden="true" />
        <div
          className={`dice-marker${shown ? '' : ' is-hidden'}${landed ? (shown.won ? ' is-won' : ' is-lost') : ''}${session.phase === 'playing' ? ' is-pending' : ''}`}
          style={{ left: `${shown ? Number(shown.roll) : 50}%` }}
          aria-hidden={shown ? undefined : true}
          data-testid="dice-marker"
        >
          <span className="dice-marker__value">{shown ? formatDecimal(shown.roll, language) : ''}</span>
          <span className="dice-marker__pin" aria-hidden="true" />
        </div>
        <input
          type="range"
          className="dice-track__range"
          min={DICE_TARGET.min}
          max={DICE_TARGET.max}
          step={1}
          value={target / 100}
          onChange={(event) => setTarget(Math.round(Number(event.target.value) * 100))}
          disabled={session.inPlay}
          aria-label={t('mini.dados.targetLabel')}
          aria-valuetext={targetText}
          data-testid="dice-target"
        />
      </div>
      <div className="dice-scale" aria-hidden="true">
        {[0, 25, 50, 75, 100].map((mark) => (
          <span key={mark}>{mark}</span>
        ))}
      </div>
    </div>
  );

  const controls = (
    <>
      <div className="mini-field">
        <span className="mini-label" id="dice-direction-label">
          {t('mini.dados.direction')}
        </span>
        <div className="mini-segments" role="group" aria-labelledby="dice-direction-label">
          {(['under', 'over'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`mini-segment${direction === option ? ' is-selected' : ''}`}
              aria-pressed={direction === option}
              onClick={() => setDirection(option)}
              disabled={session.inPlay}
              data-testid={`dice-direction-${option}`}
            >
              {option === 'over' ? `${t('mini.dados.over')} ▲` : `${t('mini.dados.under')} ▼`}
            </button>
          ))}
        </div>
      </div>
      <div className="mini-stats">
        <MiniStat label={t('mini.multiplier')} value={formatMultiplier(odds.multiplier, language)} testId="dice-multiplier" />
        <MiniStat label={t('mini.winChance')} value={formatPercent(odds.chance, language)} testId="dice-chance" />
        <MiniStat label={t('mini.payoutOnWin')} value={payout} testId="mini-payout" />
      </div>
    </>
  );

  const rules = <RuleNotes notes={[t('mini.rules.dados.how'), t('mini.rules.dados.direction'), t('mini.rules.dados.payout')]} />;

  const rollText = (round: MiniRound) => {
    const roll = rollOf(round);
    return roll ? formatDecimal(roll.roll, language) : '';
  };

  return (
    <MiniFrame
      session={session}
      embedded={embedded}
      rtp={session.table.data!.rtp}
      notice={notice}
      stage={stage}
      controls={controls}
      headline={(round) => t('mini.dados.roll', { roll: rollText(round) })}
      chip={rollText}
      rules={rules}
      onPlay={onPlay}
    />
  );
}
