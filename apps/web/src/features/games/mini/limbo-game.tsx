import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@app/i18n';
import { currentLanguage } from '../../../shared/i18n.ts';
import { MiniField } from './mini-field.tsx';
import { MiniFrame, MiniStat, usePayoutText } from './mini-frame.tsx';
import { amountInputText, formatDecimal, formatMultiplier, formatPercent, hundredthsText, limboOdds, parseLimboTarget, type MiniRound } from './mini-math.ts';
import type { MiniGameProps } from './mini-game-props.ts';
import { RuleNotes } from './rule-notes.tsx';

/** How long the result counts up from 1.00×: short for small results, at most 0.9 s. */
export function countUpMs(result: number): number {
  return result < 1.2 ? 250 : Math.min(900, 300 + Math.round(250 * Math.log10(result)));
}

function limboOf(round: MiniRound | null): { target: string; result: string; won: boolean } | null {
  return round && 'result' in round.result ? round.result : null;
}

const resultText = (value: string, language: Language) => `${formatDecimal(value, language)}×`;

/**
 * Limbo: a target multiplier (1.01× to 1,000,000×) with its live win chance; the round's
 * result counts up quickly from 1.00× and turns green or red against the target.
 */
export function LimboGame({ session, embedded, notice }: MiniGameProps) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const [typed, setTyped] = useState<string | null>(null);
  const targetRef = useRef<HTMLInputElement>(null);
  const counterRef = useRef<HTMLSpanElement>(null);
  const targetText = typed ?? amountInputText(200n, language);
  const target = parseLimboTarget(targetText, language);
  const odds = target === null ? null : limboOdds(target);
  const payout = usePayoutText(session, odds?.multiplier ?? null);
  const result = limboOf(session.round);
  const revealing = session.phase === 'revealing';
  const animate = !session.reducedMotion;
  const landed = session.phase === 'result' && result !== null;

  // The counter's text is written here, not by React, so the count-up costs no re-renders.
  useLayoutEffect(() => {
    const node = counterRef.current;
    if (!node) return;
    if (!result) {
      node.textContent = resultText('1.00', language);
      return;
    }
    const final = Number(result.result);
    if (!revealing || !animate || typeof requestAnimationFrame !== 'function') {
      node.textContent = resultText(result.result, language);
      return;
    }
    const duration = countUpMs(final);
    // The count-up starts at the first frame's timestamp (no clock read outside the frames).
    let start: number | undefined;
    let frame = 0;
    const step = (now: number) => {
      start ??= now;
      const progress = Math.min(1, (now - start) / duration);
      const eased = 1 - (1 - progress) ** 3;
      // Geometric: 1× → 10× → 100× pass at the same pace, as the multiplier grows.
      const value = progress >= 1 ? result.result : (Math.floor(Math.exp(Math.log(final) * eased) * 100) / 100).toFixed(2);
      node.textContent = resultText(value, language);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [result, revealing, animate, language]);

  const onPlay = () => {
    if (target === null) {
      targetRef.current?.focus();
      return;
    }
    void session.play({ target: hundredthsText(target) }, (round) => {
      const played = limboOf(round);
      return animate && played ? countUpMs(Number(played.result)) + 150 : 0;
    });
  };

  const stage = (
    <div className={`limbo-board${landed ? (result.won ? ' is-won' : ' is-lost') : ''}${session.phase === 'playing' ? ' is-waiting' : ''}`} data-testid="limbo-board">
      <span className="limbo-board__value" ref={counterRef} aria-hidden="true" data-testid="limbo-value" />
      <span className="limbo-board__target">
        {t('mini.limbo.target')}: {result && session.phase !== 'playing' ? resultText(result.target, language) : target === null ? '—' : resultText(hundredthsText(target), language)}
      </span>
    </div>
  );

  const targetError = target === null ? t('mini.limbo.targetInvalid') : null;
  const controls = (
    <>
      <MiniField
        id="limbo-target"
        testId="limbo-target"
        label={t('mini.limbo.target')}
        inputRef={targetRef}
        suffix="×"
        value={targetText}
        onValueChange={setTyped}
        disabled={session.inPlay}
        error={targetError}
        hint={t('mini.limbo.targetHint')}
      />
      <div className="mini-stats">
        <MiniStat label={t('mini.winChance')} value={odds ? formatPercent(odds.chance, language) : '—'} testId="limbo-chance" />
        <MiniStat label={t('mini.payoutOnWin')} value={payout} testId="mini-payout" />
      </div>
    </>
  );

  const rules = <RuleNotes notes={[t('mini.rules.limbo.how'), t('mini.rules.limbo.target'), t('mini.rules.limbo.payout')]} />;

  const chip = (round: MiniRound) => {
    const played = limboOf(round);
    return played ? formatMultiplier(played.result, language, 2) : '';
  };

  return (
    <MiniFrame
      session={session}
      embedded={embedded}
      rtp={session.table.data!.rtp}
      notice={notice}
      stage={stage}
      controls={controls}
      headline={(round) => {
        const played = limboOf(round);
        return played ? resultText(played.result, language) : '';
      }}
      chip={chip}
      rules={rules}
      onPlay={onPlay}
    />
  );
}
