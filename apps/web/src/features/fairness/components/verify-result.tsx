import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HouseRound, MinesOutcome, SlotOutcome } from '@app/contracts';
import { AlertIcon, ShieldCheckIcon } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import type { WalletFormat } from '../../wallet/index.ts';
import { formatDecimal, useMiniWords } from '../hooks/use-mini-words.ts';
import { machineName, symbolLabel } from '../symbols.ts';
import { MinesGrid } from '../../games/index.ts';
import { compareMinesWithStored, compareMiniWithStored, compareWithStored, type AnyVerifyResult, type MinesRecomputed, type MiniRecomputed } from '../verify.ts';
import { ReelWindow } from './reel-window.tsx';

interface VerifyResultPanelProps {
  /** A slot replay (outcome), a mini game replay or a Mines board (round). */
  result: AnyVerifyResult;
  machine: string;
  format: WalletFormat;
  /** The round the page was opened from: the recomputed one must be the same. */
  stored?: HouseRound['outcome'];
}

/** Whether a valid replay is the stored round; a replay of one kind of game never matches a round of another. */
function matchesStored(result: AnyVerifyResult, stored: HouseRound['outcome']): boolean {
  if (!result.valid) return false;
  if ('outcome' in result) return !('kind' in stored) && compareWithStored(result.outcome, stored).matches;
  if (!('kind' in stored)) return false;
  if (result.round.kind === 'mines') return stored.kind === 'mines' && compareMinesWithStored(result.round, stored).matches;
  return stored.kind !== 'mines' && compareMiniWithStored(result.round, stored).matches;
}

/** Valid or invalid in words, then the recomputed round (reels and wins, or a mini game's result) and, from a round, whether it matches. */
export function VerifyResultPanel({ result, machine, format, stored }: VerifyResultPanelProps) {
  const { t } = useTranslation('fairness');
  const matches = stored ? matchesStored(result, stored) : null;
  return (
    <section
      className={result.valid ? 'verify-result verify-result--valid' : 'verify-result verify-result--invalid'}
      aria-label={t('result.title')}
      data-testid="verify-result"
      data-valid={String(result.valid)}
    >
      <div className="verify-result__verdict">
        <span className="verify-result__icon" aria-hidden="true">
          {result.valid ? <ShieldCheckIcon size={22} /> : <AlertIcon size={22} />}
        </span>
        <div>
          <h3 className="verify-result__title">{result.valid ? t('result.valid') : t('result.invalid')}</h3>
          <p className="verify-result__text" data-testid="verify-reason">
            {result.valid ? t('result.validText') : t(`result.reasons.${result.reason}`)}
          </p>
        </div>
      </div>
      {matches === null ? null : (
        <p className={matches ? 'verify-match is-match' : 'verify-match is-mismatch'} data-testid="verify-match" data-match={String(matches)}>
          {matches ? t('result.match') : t('result.mismatch')}
        </p>
      )}
      {!result.valid ? null : 'outcome' in result ? (
        <RecomputedRound outcome={result.outcome} machine={machine} format={format} />
      ) : result.round.kind === 'mines' ? (
        <RecomputedMinesBoard round={result.round} stored={stored && 'kind' in stored && stored.kind === 'mines' ? stored : undefined} />
      ) : (
        <RecomputedMiniRound round={result.round} />
      )}
    </section>
  );
}

function RecomputedRound({ outcome, machine, format }: { outcome: SlotOutcome; machine: string; format: WalletFormat }) {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  const nameOf = (id: string) => symbolLabel(machine, id, language).name;
  const scatterSymbol = outcome.window.flat().find((id) => symbolLabel(machine, id, language).kind === 'scatter');
  const hasScatterWin = outcome.scatter.count > 0 && outcome.scatter.pay !== '0.00';
  return (
    <>
      <div className="stack stack--gap-2">
        <h4 className="verify-result__subtitle">{t('result.window')}</h4>
        <ReelWindow machine={machine} window={outcome.window} testId="verify-window" />
      </div>
      <dl className="fact-grid verify-facts">
        <Fact label={t('result.stops')} valueClassName="is-mono" testId="verify-stops">
          {outcome.stops.join(' · ')}
        </Fact>
        <Fact label={t('result.totalBet')}>
          {format.money(outcome.totalBet)}
        </Fact>
        <Fact label={t('result.freeSpins')} testId="verify-free-spins">
          {outcome.freeSpins.length}
        </Fact>
        <Fact label={t('result.totalWin')} className="verify-facts__item--win" testId="verify-total-win">
          {format.money(outcome.totalWin)}
        </Fact>
      </dl>
      <div className="stack stack--gap-2">
        <h4 className="verify-result__subtitle">{t('result.lineWins')}</h4>
        {outcome.lineWins.length === 0 && !hasScatterWin ? (
          <p className="verify-result__text">{t('result.noWins')}</p>
        ) : (
          <ul className="verify-wins stack stack--list stack--gap-1" data-testid="verify-line-wins">
            {outcome.lineWins.map((win) => (
              <li key={win.line}>
                <span>{t('result.lineWin', { line: win.line + 1, count: win.count, symbol: nameOf(win.symbol) })}</span>
                <span className="verify-wins__pay">{format.money(win.pay)}</span>
              </li>
            ))}
            {hasScatterWin ? (
              <li>
                <span>{t('result.scatterWin', { count: outcome.scatter.count, symbol: scatterSymbol ? nameOf(scatterSymbol) : t('result.scatter') })}</span>
                <span className="verify-wins__pay">{format.money(outcome.scatter.pay)}</span>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </>
  );
}

function RecomputedMiniRound({ round }: { round: MiniRecomputed }) {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  const words = useMiniWords();
  return (
    <>
      <div className="stack stack--gap-2">
        <h4 className="verify-result__subtitle">{t('result.miniResult')}</h4>
        <p className="verify-mini-result" data-testid="verify-mini-result" data-kind={round.kind}>
          {words(round)}
        </p>
      </div>
      <dl className="fact-grid verify-facts">
        <Fact label={t('result.game')}>
          {machineName(round.kind, language)}
        </Fact>
        <Fact label={t('result.multiplier')} className="verify-facts__item--win" testId="verify-multiplier">
          {`${formatDecimal(round.multiplier, language)}×`}
        </Fact>
      </dl>
    </>
  );
}

/** The mines the seeds place, with the stored round's picks on top when the page was opened from one. */
function RecomputedMinesBoard({ round, stored }: { round: MinesRecomputed; stored?: MinesOutcome }) {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  return (
    <>
      <div className="stack stack--gap-2">
        <h4 className="verify-result__subtitle">{t('result.minesBoard')}</h4>
        <MinesGrid board={{ mines: round.mines, revealed: stored?.result.revealed ?? [], hit: stored?.result.hit ?? null }} size="compact" testId="verify-mines-grid" />
      </div>
      <dl className="fact-grid verify-facts">
        <Fact label={t('result.game')}>
          {machineName(round.kind, language)}
        </Fact>
        <Fact label={t('result.mineCount')}>
          {round.mineCount}
        </Fact>
        <Fact label={t('result.mineCells')} className="verify-facts__item--wide" valueClassName="is-mono" testId="verify-mines">
          {round.mines.map((cell) => cell + 1).join(' · ')}
        </Fact>
      </dl>
    </>
  );
}

/** One labelled figure of a recomputed round (fact-grid item). */
function Fact({ label, className, valueClassName, testId, children }: { label: string; className?: string; valueClassName?: string; testId?: string; children: ReactNode }) {
  return (
    <div className={className ? `fact-grid__item ${className}` : 'fact-grid__item'}>
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
