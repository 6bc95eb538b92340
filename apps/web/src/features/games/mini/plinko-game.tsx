import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plinko, PLINKO_ROWS, PLINKO_TABLES, type PlinkoRisk, type PlinkoRows } from '@app/house-games';
import { currentLanguage } from '../../../shared/i18n.ts';
import { MiniFrame, MiniStat } from './mini-frame.tsx';
import { MiniSelect } from './mini-field.tsx';
import { formatMultiplier, type MiniRound } from './mini-math.ts';
import type { MiniGameProps } from './mini-game-props.ts';
import { dropMs, PlinkoBoard } from './plinko-board.tsx';
import { RuleNotes } from './rule-notes.tsx';

const RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];

function plinkoOf(round: MiniRound | null): { rows: number; risk: PlinkoRisk; path: number[]; slot: number; multiplier: string } | null {
  return round && 'path' in round.result ? round.result : null;
}

/**
 * Plinko: rows (8, 12, 16) and risk; the ball falls along the round's path through the pegs
 * and lights the slot it lands in. Multipliers and RTP come from the table (the engine's own
 * tables if an older server sends none).
 */
export function PlinkoGame({ session, embedded, notice }: MiniGameProps) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const table = session.table.data!;
  const [rows, setRows] = useState<PlinkoRows>(8);
  const [risk, setRisk] = useState<PlinkoRisk>('low');
  const option = table.plinko?.find((entry) => entry.rows === rows && entry.risk === risk);
  const multipliers = option?.multipliers ?? PLINKO_TABLES[rows][risk].map((value) => value.toFixed(2));
  const rtp = option?.rtp ?? Math.round(plinko.rtp({ rows, risk }) * 1_000_000) / 10_000;
  const top = multipliers.reduce((best, value) => Math.max(best, Number(value)), 0);
  const result = plinkoOf(session.round);
  const shown = (session.phase === 'revealing' || session.phase === 'result') && result && result.rows === rows && result.risk === risk ? result : null;
  const animate = !session.reducedMotion;

  const onPlay = () => void session.play({ rows, risk }, animate ? dropMs(rows) + 100 : 0);

  const stage = (
    <PlinkoBoard
      rows={rows}
      multipliers={multipliers}
      drop={shown && session.round ? { id: session.round.id, path: shown.path, slot: shown.slot } : null}
      landed={session.phase === 'result' && shown !== null}
      animate={animate}
    />
  );

  const controls = (
    <>
      <div className="mini-field-row">
        <MiniSelect
          id="plinko-rows"
          label={t('mini.plinko.rows')}
          value={rows}
          options={PLINKO_ROWS.map((count) => ({ value: count, label: String(count) }))}
          onValueChange={setRows}
          disabled={session.inPlay}
        />
        <MiniSelect
          id="plinko-risk"
          label={t('mini.plinko.risk')}
          value={risk}
          options={RISKS.map((level) => ({ value: level, label: t(`mini.plinko.risks.${level}`) }))}
          onValueChange={setRisk}
          disabled={session.inPlay}
        />
      </div>
      <div className="mini-stats">
        <MiniStat label={t('mini.rules.plinkoTable.top')} value={formatMultiplier(top, language, 2)} testId="plinko-top" />
      </div>
    </>
  );

  const percent = (value: number) => `${value.toLocaleString(language === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 })}%`;
  const options = table.plinko ?? PLINKO_ROWS.flatMap((count) => RISKS.map((level) => ({ rows: count, risk: level, rtp: Math.round(plinko.rtp({ rows: count, risk: level }) * 1_000_000) / 10_000, multipliers: PLINKO_TABLES[count][level].map(String) })));
  const rules = (
    <>
      <RuleNotes notes={[t('mini.rules.plinko.how'), t('mini.rules.plinko.slots'), t('mini.rules.plinko.risk')]} />
      <table className="slot-paytable__table mini-rules__table" data-testid="plinko-rtp-table">
        <thead>
          <tr>
            <th>{t('mini.rules.plinkoTable.rows')}</th>
            <th>{t('mini.rules.plinkoTable.risk')}</th>
            <th>{t('mini.rules.plinkoTable.rtp')}</th>
            <th>{t('mini.rules.plinkoTable.top')}</th>
          </tr>
        </thead>
        <tbody>
          {options.map((entry) => (
            <tr key={`${entry.rows}-${entry.risk}`} className={entry.rows === rows && entry.risk === risk ? 'is-current' : undefined}>
              <td>{entry.rows}</td>
              <td>{t(`mini.plinko.risks.${entry.risk}`)}</td>
              <td>{percent(entry.rtp)}</td>
              <td>{formatMultiplier(Math.max(...entry.multipliers.map(Number)), language, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );

  const multiplierText = (round: MiniRound) => {
    const played = plinkoOf(round);
    return played ? formatMultiplier(played.multiplier, language, 2) : '';
  };

  return (
    <MiniFrame
      session={session}
      embedded={embedded}
      rtp={rtp}
      notice={notice}
      stage={stage}
      controls={controls}
      headline={(round) => t('mini.plinko.landed', { multiplier: multiplierText(round) })}
      chip={multiplierText}
      rules={rules}
      onPlay={onPlay}
    />
  );
}
