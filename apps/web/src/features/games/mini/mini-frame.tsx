import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MiniTable } from '@app/contracts';
import { Alert, Button, Modal } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { fromCents, toCents } from '../slot/slot-money.ts';
import { StakeField } from './mini-field.tsx';
import { payoutCents, roundWon, type MiniRound } from './mini-math.ts';
import type { MiniSession } from './use-mini-session.ts';
import type { MiniStake } from './use-mini-stake.ts';
import '../slot/slot.css';
import './mini.css';

/** "R$ 1,50" in the player's language. */
export function useMoney(): (amount: string) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (amount: string) => `R$ ${formatMoney(amount, language)}`;
}

interface MiniFrameProps {
  session: MiniSession;
  embedded: boolean;
  /** The return to player shown on the badge (plinko: of the chosen rows and risk). */
  rtp: number;
  /** A notice above the game (demo was asked for). */
  notice?: ReactNode;
  /** The game's board: track, counter or peg board. */
  stage: ReactNode;
  /** The game's own choices, shown above the stake. */
  controls: ReactNode;
  /** The big line of a shown round: the roll, the result, the slot's multiplier. */
  headline: (round: MiniRound) => string;
  /** A result chip's text in the history strip. */
  chip: (round: MiniRound) => string;
  /** Rules and odds specific to the game, inside the rules dialog. */
  rules: ReactNode;
  /** Called by the play button; the game passes its parameters to session.play. */
  onPlay: () => void;
}

/**
 * The frame every mini game shares: name, RTP badge and rules; the board with its result line
 * and the last results; the game's controls, the stake, the play button, the balance and errors.
 */
export function MiniFrame({ session, embedded, rtp, notice, stage, controls, headline, chip, rules, onPlay }: MiniFrameProps) {
  const { t } = useTranslation(['games', 'errors']);
  const [rulesOpen, setRulesOpen] = useState(false);
  const table = session.table.data!;
  const code = session.gameCode;
  const rtpText = useRtpText(rtp);

  return (
    <div className={`mini-screen mini-theme--${code}`} data-testid="mini-screen" data-game={code} data-phase={session.phase}>
      <MiniHead table={table} embedded={embedded} rtpText={rtpText} onRules={() => setRulesOpen(true)} />

      {notice}
      {!table.playable ? <Alert tone="info">{t('errors:house.game_unavailable')}</Alert> : null}

      <div className="mini-layout">
        <section className="mini-stage">
          {stage}
          <MiniStatus session={session} headline={headline} onRules={() => setRulesOpen(true)} />
          <MiniHistory rounds={session.history} chip={chip} won={roundWon} />
        </section>

        <section className="mini-controls">
          {controls}
          <MiniAmountField stake={session} limits={table} disabled={session.inPlay} />
          <button
            type="button"
            className={`push-button mini-play${session.inPlay ? ' is-busy' : ''}`}
            onClick={onPlay}
            disabled={!session.canPlay}
            aria-busy={session.inPlay}
            data-testid="mini-play"
          >
            {session.inPlay ? t('games:mini.playing') : t(`games:mini.play.${code}`)}
          </button>
          {session.insufficient ? (
            <p className="mini-controls__hint" data-testid="mini-insufficient">
              {t('games:mini.insufficient')}
            </p>
          ) : session.paced && !session.inPlay ? (
            <p className="mini-controls__hint">{t('games:mini.pace')}</p>
          ) : null}
          <MiniFooter error={session.error} balance={session.balance} />
        </section>
      </div>

      <MiniRules table={table} open={rulesOpen} onClose={() => setRulesOpen(false)} rtp={rtpText}>
        {rules}
      </MiniRules>
    </div>
  );
}

/** What the header and the rules show of a table (a mini game's or Mines'). */
type TableFacts = Pick<MiniTable, 'names' | 'minBet' | 'maxBet'>;

/** The RTP badge's number in the player's language ("98,99"). */
export function useRtpText(rtp: number): string {
  const { i18n } = useTranslation();
  return rtp.toLocaleString(currentLanguage(i18n) === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 });
}

/** Name (unless embedded), limits, the RTP badge and the rules button. */
export function MiniHead({ table, embedded, rtpText, onRules }: { table: TableFacts; embedded: boolean; rtpText: string; onRules: () => void }) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const money = useMoney();
  return (
    <header className="game-head">
      <div>
        {embedded ? null : <h2 className="game-head__name mini-head__name">{table.names[language]}</h2>}
        <p className="game-head__meta">
          {t('mini.house')} · {t('mini.limits', { min: money(table.minBet), max: money(table.maxBet) })}
        </p>
      </div>
      <div className="game-head__badges">
        <span className="slot-badge" data-testid="mini-rtp">
          {t('mini.rtpBadge', { value: rtpText })}
        </span>
        <Button variant="outline" size="sm" onClick={onRules} data-testid="mini-rules-open">
          {t('mini.rulesButton')}
        </Button>
      </div>
    </header>
  );
}

/** The stake: typed in either notation, with ½ and 2× and the table's limits checked as you type. */
export function MiniAmountField({ stake: session, limits: table, disabled }: { stake: MiniStake; limits: TableFacts; disabled: boolean }) {
  const { t } = useTranslation('games');
  const money = useMoney();
  // Taken apart first: React's lint reads every property of an object holding a ref as the ref.
  const { amountRef, amountText, setAmountText, halve, double, amountProblem: problem } = session;
  const message =
    problem === 'min' ? t('mini.amount.min', { amount: money(table.minBet) }) : problem === 'max' ? t('mini.amount.max', { amount: money(table.maxBet) }) : problem === 'invalid' ? t('mini.amount.invalid') : null;
  return (
    <StakeField
      id="mini-amount"
      stake={{ amountText, setAmountText, halve, double }}
      labels={{ field: t('mini.amount.label'), half: t('mini.amount.half'), double: t('mini.amount.double') }}
      disabled={disabled}
      error={message}
      inputRef={amountRef}
    />
  );
}

/** Under the board: the short rule before the first round, then the shown round's result. */
function MiniStatus({ session, headline, onRules }: { session: MiniSession; headline: (round: MiniRound) => string; onRules: () => void }) {
  const { t } = useTranslation('games');
  const money = useMoney();
  const round = session.revealed;
  if (!round) {
    return (
      <div className="mini-status" role="status" data-testid="mini-status">
        {session.phase === 'idle' ? (
          <p className="mini-status__summary">
            {t(`mini.summary.${session.gameCode}`)}{' '}
            <button type="button" className="slot-link" onClick={onRules}>
              {t('mini.rulesLink')}
            </button>
          </p>
        ) : (
          <p className="mini-status__summary">{session.inPlay ? t('mini.playing') : ''}</p>
        )}
      </div>
    );
  }
  const won = roundWon(round);
  const win = toCents(round.win);
  const line = won ? t('mini.result.won', { amount: money(round.win) }) : win > 0n ? t('mini.result.returned', { amount: money(round.win) }) : t('mini.result.lost');
  return (
    <div className={`mini-status mini-result ${won ? 'is-won' : 'is-lost'}`} role="status" data-testid="mini-result" data-won={String(won)}>
      <strong className="mini-result__headline">{headline(round)}</strong>
      <span className="mini-result__line" data-testid="mini-result-line">
        {line}
      </span>
    </div>
  );
}

export function MiniHistory<Round extends { id: string }>({ rounds, chip, won }: { rounds: Round[]; chip: (round: Round) => string; won: (round: Round) => boolean }) {
  const { t } = useTranslation('games');
  return (
    <div className="mini-history">
      <span className="mini-label">{t('mini.history')}</span>
      {rounds.length === 0 ? (
        <p className="mini-history__empty">{t('mini.historyEmpty')}</p>
      ) : (
        <ol className="mini-history__list" aria-label={t('mini.history')} data-testid="mini-history">
          {rounds.map((round) => (
            <li key={round.id} className={won(round) ? 'is-won' : 'is-lost'}>
              {chip(round)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Rules, RTP, limits and the fairness link: open any time, offered before the first round. */
export function MiniRules({ table, open, onClose, rtp, children }: { table: TableFacts; open: boolean; onClose: () => void; rtp: string; children: ReactNode }) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const money = useMoney();
  return (
    <Modal open={open} onClose={onClose} title={t('mini.rules.title', { name: table.names[language] })} closeLabel={t('mini.rules.close')} size="lg" testId="mini-rules">
      <div className="mini-rules">
        <dl className="slot-facts">
          <div>
            <dt>{t('mini.rules.rtp')}</dt>
            <dd data-testid="mini-rules-rtp">{`${rtp}%`}</dd>
          </div>
          <div>
            <dt>{t('mini.rules.limits')}</dt>
            <dd>{t('mini.rules.limitsValue', { min: money(table.minBet), max: money(table.maxBet) })}</dd>
          </div>
        </dl>
        {children}
        <p className="slot-paytable__note">
          {t('mini.rules.fair')} <Link to="/fairness">{t('mini.rules.fairLink')}</Link>
        </p>
      </div>
    </Modal>
  );
}

/** A read-only figure beside the controls: multiplier, chance, payout. */
export function MiniStat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="mini-stat">
      <span className="mini-label">{label}</span>
      <strong className="mini-stat__value" data-testid={testId}>
        {value}
      </strong>
    </div>
  );
}

/** What the stake would pay at this multiplier (ten-thousandths), or "—" while the stake is invalid. */
export function usePayoutText(session: MiniSession, multiplier: bigint | null): string {
  const money = useMoney();
  if (session.amount === null || multiplier === null) return '—';
  return money(fromCents(payoutCents(toCents(session.amount), multiplier)));
}

/** Under every mini game's controls: the last error, if any, and the member's balance. */
export function MiniFooter({ error, balance }: { error: unknown; balance: string | null }) {
  const { t } = useTranslation('games');
  const errorMessage = useErrorMessage();
  const money = useMoney();
  return (
    <>
      {error ? (
        <Alert tone="error" data-testid="mini-error-message">
          {errorMessage(error)}
        </Alert>
      ) : null}
      <div className="mini-balance" data-testid="mini-balance">
        <span className="mini-label">{t('mini.balance')}</span>
        <strong className="mini-balance__value" data-testid="mini-balance-value">
          {balance === null ? '—' : money(balance)}
        </strong>
      </div>
    </>
  );
}
