import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { SlotPaytable } from './slot-paytable.tsx';
import { SlotReels } from './slot-reels.tsx';
import { fromCents, toCents } from './slot-money.ts';
import { useSlotSession, type SlotSession } from './use-slot-session.ts';
import './slot.css';

interface SlotScreenProps {
  vendor: string;
  gameCode: string;
  demo: boolean;
  /** Inside the game stage, whose toolbar already names the game. */
  embedded?: boolean;
}

/** The slot machine: reels, win presentation, bet selector, spin, balance, paytable. */
export function SlotScreen({ vendor, gameCode, demo, embedded = false }: SlotScreenProps) {
  const { t, i18n } = useTranslation(['games', 'errors']);
  const language = currentLanguage(i18n);
  const errorMessage = useErrorMessage();
  const session = useSlotSession(vendor, gameCode, demo);
  const [paytableOpen, setPaytableOpen] = useState(false);
  const money = (amount: string) => `R$ ${formatMoney(amount, language)}`;
  const table = session.table.data;

  if (session.table.isPending) {
    return (
      <div className="slot-screen slot-screen--loading" data-testid="slot-loading">
        <Spinner label={t('games:launch.loading')} size={44} />
      </div>
    );
  }
  if (!table) {
    return (
      <div className="slot-screen" data-testid="slot-error">
        <Alert tone="error">{errorMessage(session.table.error)}</Alert>
      </div>
    );
  }

  const symbolName = (id: string) => table.symbols.find((symbol) => symbol.id === id)?.names[language] ?? id;

  return (
    <div className={`slot-screen slot-theme--${table.machine}`} data-testid="slot-screen" data-machine={table.machine}>
      <header className="game-head">
        <div>
          {embedded ? null : <h2 className="game-head__name">{table.names[language]}</h2>}
          <p className="game-head__meta">
            {table.machineNames[language] !== table.names[language] ? `${table.machineNames[language]} · ` : ''}
            {t('games:slot.lines', { count: table.lines })} · {table.vendorName}
          </p>
        </div>
        <div className="game-head__badges">
          {demo ? <span className="slot-badge slot-badge--demo" data-testid="slot-demo-badge">{t('games:slot.demoMode')}</span> : null}
          <span className="slot-badge" data-testid="slot-rtp">
            {t('games:slot.rtpBadge', { value: table.rtp.toLocaleString(language === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 }) })}
          </span>
          <Button variant="outline" size="sm" onClick={() => setPaytableOpen(true)} data-testid="slot-paytable-open">
            {t('games:slot.paytableButton')}
          </Button>
        </div>
      </header>

      {!table.playable ? <Alert tone="info">{t('errors:house.game_unavailable')}</Alert> : null}

      <div className="slot-cabinet">
        <SlotReels table={table} phase={session.phase} outcome={session.round?.outcome ?? null} symbolName={symbolName} />
      </div>
      <SlotStatus session={session} money={money} symbolName={symbolName} />

      {session.error ? (
        <Alert tone="error" data-testid="slot-error-message">
          {errorMessage(session.error)}
        </Alert>
      ) : null}

      <SlotControls session={session} money={money} demo={demo} />
      <SlotPaytable table={table} lineBet={session.lineBet ?? table.lineBets[0]!} money={money} open={paytableOpen} onClose={() => setPaytableOpen(false)} />
    </div>
  );
}

/** The line under the reels: what to do, the spin under way, or the round's result. */
function SlotStatus({ session, money, symbolName }: { session: SlotSession; money: (amount: string) => string; symbolName: (id: string) => string }) {
  const { t } = useTranslation('games');
  const outcome = session.phase === 'result' ? session.round?.outcome : undefined;
  if (!outcome || toCents(outcome.totalWin) === 0n) {
    const text = session.phase === 'spinning' ? t('slot.spinning') : outcome ? t('slot.noWin') : t('slot.ready');
    return (
      <div className="slot-status" role="status" data-testid="slot-status">
        {text}
      </div>
    );
  }
  const bigWin = toCents(outcome.totalWin) >= toCents(outcome.totalBet) * 10n;
  return (
    <div className={`slot-status slot-win${bigWin ? ' slot-win--big' : ''}`} role="status" data-testid="slot-win">
      <span className="slot-win__label">{bigWin ? t('slot.bigWin') : t('slot.win')}</span>
      <strong className="slot-win__amount" data-testid="slot-win-amount">
        {money(outcome.totalWin)}
      </strong>
      <ul className="slot-win__lines">
        {outcome.lineWins.slice(0, 3).map((win) => (
          <li key={win.line}>{t('slot.lineWin', { line: win.line + 1, count: win.count, symbol: symbolName(win.symbol), amount: money(win.pay) })}</li>
        ))}
        {outcome.lineWins.length > 3 ? <li>{t('slot.moreLines', { count: outcome.lineWins.length - 3 })}</li> : null}
        {toCents(outcome.scatter.pay) > 0n ? <li>{t('slot.scatterWin', { count: outcome.scatter.count, amount: money(outcome.scatter.pay) })}</li> : null}
        {outcome.freeSpinsAwarded > 0 ? <li>{t('slot.freeSpinsWon', { count: outcome.freeSpins.length, amount: money(sumWins(outcome.freeSpins)) })}</li> : null}
      </ul>
    </div>
  );
}

function sumWins(spins: { win: string }[]): string {
  return fromCents(spins.reduce((sum, spin) => sum + toCents(spin.win), 0n));
}

function SlotControls({ session, money, demo }: { session: SlotSession; money: (amount: string) => string; demo: boolean }) {
  const { t } = useTranslation('games');
  const table = session.table.data!;
  const index = Math.max(0, table.lineBets.indexOf(session.lineBet ?? ''));
  const spinning = session.phase === 'spinning';
  const step = (delta: number) => session.setLineBet(table.lineBets[Math.min(table.lineBets.length - 1, Math.max(0, index + delta))]!);

  return (
    <div className="slot-controls">
      <div className="slot-meter" data-testid="slot-balance">
        <span className="slot-meter__label">{demo ? t('slot.demoBalance') : t('slot.balance')}</span>
        <strong className="slot-meter__value" data-testid="slot-balance-value">{session.balance === null ? '—' : money(session.balance)}</strong>
        {demo ? (
          <button type="button" className="slot-link" onClick={session.resetDemo}>
            {t('slot.demoReset')}
          </button>
        ) : null}
      </div>

      <div className="slot-bet" role="group" aria-label={t('slot.betLabel')}>
        <Button variant="outline" size="sm" icon onClick={() => step(-1)} disabled={spinning || index === 0} aria-label={t('slot.betDown')} data-testid="slot-bet-down">
          −
        </Button>
        <div className="slot-meter">
          <span className="slot-meter__label">{t('slot.totalBet')}</span>
          <strong className="slot-meter__value" data-testid="slot-total-bet">{session.totalBet ? money(session.totalBet) : '—'}</strong>
          <span className="slot-meter__hint">{t('slot.perLine', { amount: money(session.lineBet ?? '0.00'), lines: table.lines })}</span>
        </div>
        <Button variant="outline" size="sm" icon onClick={() => step(1)} disabled={spinning || index === table.lineBets.length - 1} aria-label={t('slot.betUp')} data-testid="slot-bet-up">
          +
        </Button>
      </div>

      <button
        type="button"
        className={`push-button slot-spin${spinning ? ' is-spinning' : ''}`}
        onClick={() => void session.spin()}
        disabled={!session.canSpin || session.insufficient}
        aria-busy={spinning}
        data-testid="slot-spin"
      >
        <span className="slot-spin__icon" aria-hidden="true">
          ⟳
        </span>
        <span>{spinning ? t('slot.spinning') : t('slot.spin')}</span>
      </button>
      {session.insufficient ? (
        <p className="slot-controls__hint" data-testid="slot-insufficient">
          {t('slot.insufficient')}
        </p>
      ) : session.paced && !spinning ? (
        <p className="slot-controls__hint">{t('slot.pace')}</p>
      ) : null}
    </div>
  );
}
