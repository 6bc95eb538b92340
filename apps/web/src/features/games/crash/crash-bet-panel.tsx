import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CrashMyBet, CrashPhase, CrashState } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { errorCodeOf, useErrorMessage } from '../../../shared/error-message.ts';
import { isApiError } from '../../../shared/api-client.ts';
import { useAccountModals } from '../../account/index.ts';
import { fromCents, toCents } from '../slot/slot-money.ts';
import { cashOutCents, type CrashClock } from './crash-clock.ts';
import { useCrashFormat } from './crash-format.ts';
import type { CrashBetControl } from './use-crash-bet.ts';
import { byMultiplier, useCrashFrame } from './use-crash-frame.ts';
import { CrashAmountField, CrashAutoField } from './crash-fields.tsx';

interface CrashBetPanelProps {
  state: CrashState;
  control: CrashBetControl;
  clock: CrashClock;
  capHundredths: number;
}

/**
 * The member's controls: stake, automatic cash-out, then one big button whose job follows the
 * round — "Apostar" while betting is open, "Retirar R$ 23,70" while the member's money rides —
 * and what became of the bet. Visitors and trial accounts watch, with a way to log in or register.
 */
export function CrashBetPanel({ state, control, clock, capHundredths }: CrashBetPanelProps) {
  const { t } = useTranslation(['games', 'errors']);
  const format = useCrashFormat();
  const { round } = state;
  const { bet, viewer } = control;

  if (viewer === 'visitor' || viewer === 'trial') return <WatchOnly viewer={viewer} />;
  const locked = viewer !== 'member' || control.pending !== null || bet !== null;

  return (
    <section className="mini-controls crash-controls" aria-label={t('games:crash.bet.title')} data-testid="crash-bet-panel">
      {!state.playable ? <Alert tone="info">{t('errors:house.game_unavailable')}</Alert> : null}
      <CrashAmountField control={control} limits={state.limits} disabled={locked} />
      <CrashAutoField control={control} limits={state.limits} disabled={locked} />
      {control.riding && round?.phase === 'running' && bet ? (
        <CashOutButton bet={bet} control={control} clock={clock} capHundredths={capHundredths} state={state} />
      ) : (
        <button
          type="button"
          className={`push-button mini-play crash-action${control.pending === 'bet' ? ' is-busy' : ''}`}
          onClick={() => void control.placeBet()}
          disabled={!control.canBet}
          aria-busy={control.pending === 'bet'}
          data-testid="crash-bet-button"
        >
          {betLabel(control, round?.phase ?? null, t)}
        </button>
      )}
      <BetStatus bet={bet} control={control} phase={round?.phase ?? null} />
      {control.error ? <PanelError error={control.error} /> : null}
      <div className="mini-balance" data-testid="crash-balance">
        <span className="mini-label">{t('games:crash.bet.balance')}</span>
        <strong className="mini-balance__value" data-testid="crash-balance-value">
          {control.balance === null ? '—' : format.money(control.balance)}
        </strong>
      </div>
    </section>
  );
}

/** What the bet button says outside its one job (betting open, no bet yet): what the member is waiting for. */
function betLabel(control: CrashBetControl, phase: CrashPhase | null, t: TFunction<['games', 'errors']>): string {
  if (control.pending === 'bet') return t('games:crash.bet.placing');
  if (phase === 'betting') return control.bet ? t('games:crash.bet.placed') : t('games:crash.bet.place');
  return control.bet?.status === 'cashed' ? t('games:crash.bet.cashedButton') : t('games:crash.bet.waitNext');
}

/** The cash-out button, re-rendered with the multiplier (its own frame loop, not the panel's). */
function CashOutButton({ bet, control, clock, capHundredths, state }: { bet: CrashMyBet; control: CrashBetControl; clock: CrashClock; capHundredths: number; state: CrashState }) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  const frame = useCrashFrame(state.round, clock, capHundredths, byMultiplier);
  const amount = fromCents(cashOutCents(toCents(bet.amount), frame.hundredths));
  const busy = control.pending === 'cashout';
  return (
    <button type="button" className={`push-button mini-play crash-action crash-action--cashout${busy ? ' is-busy' : ''}`} onClick={() => void control.cashOut()} disabled={busy} aria-busy={busy} data-testid="crash-cashout-button">
      <span className="crash-action__main">{busy ? t('crash.bet.cashingOut') : t('crash.bet.cashOut', { amount: format.money(amount) })}</span>
      <span className="crash-action__sub">{format.multiplier(frame.hundredths)}</span>
    </button>
  );
}

/** One line under the button: the stake riding, the automatic target, the win or the loss. */
function BetStatus({ bet, control, phase }: { bet: CrashMyBet | null; control: CrashBetControl; phase: CrashPhase | null }) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  if (!bet) {
    if (control.insufficient) return <p className="mini-controls__hint" data-testid="crash-insufficient">{t('crash.bet.insufficient')}</p>;
    if (phase === 'running' || phase === 'crashed') return <p className="mini-controls__hint">{t('crash.bet.nextRound')}</p>;
    return null;
  }
  const auto = bet.autoCashOut ? t('crash.bet.autoAt', { multiplier: format.multiplierText(bet.autoCashOut) }) : null;
  let text: string;
  let tone = '';
  if (bet.status === 'cashed' && bet.cashOut && bet.win) {
    text = t('crash.bet.cashed', { multiplier: format.multiplierText(bet.cashOut), amount: format.money(bet.win) });
    tone = ' is-won';
  } else if (bet.status === 'lost') {
    text = t('crash.bet.lost', { amount: format.money(bet.amount) });
    tone = ' is-lost';
  } else if (bet.status === 'refunded' || bet.status === 'failed') {
    text = t('crash.bet.refunded', { amount: format.money(bet.amount) });
  } else if (phase === 'betting') {
    text = [t('crash.bet.placedHint', { amount: format.money(bet.amount) }), auto].filter(Boolean).join(' ');
  } else {
    text = auto ?? t('crash.bet.riding', { amount: format.money(bet.amount) });
  }
  return (
    <p className={`crash-bet-status${tone}`} data-testid="crash-bet-status" data-status={bet.status}>
      {text}
    </p>
  );
}

/** The server's refusal in words; a field problem names the field the server refused. */
function PanelError({ error }: { error: unknown }) {
  const { t } = useTranslation('games');
  const errorMessage = useErrorMessage();
  const field = isApiError(error) && errorCodeOf(error) === 'house.bet_invalid' ? error.details?.field : undefined;
  const message = field === 'amount' ? t('crash.bet.amountRefused') : field === 'autoCashOut' ? t('crash.bet.autoRefused') : errorMessage(error);
  return (
    <Alert tone="error" data-testid="crash-error" data-code={errorCodeOf(error)}>
      {message}
    </Alert>
  );
}

/** Visitors log in, trial accounts register: both may watch every round. */
function WatchOnly({ viewer }: { viewer: 'visitor' | 'trial' }) {
  const { t } = useTranslation('games');
  const { open } = useAccountModals();
  return (
    <section className="mini-controls crash-controls crash-watch" aria-label={t('crash.bet.title')} data-testid={viewer === 'visitor' ? 'crash-login-prompt' : 'crash-trial-prompt'}>
      <p className="crash-watch__title">{t('crash.watch.title')}</p>
      <p className="crash-watch__text">{viewer === 'visitor' ? t('crash.watch.visitor') : t('crash.watch.trial')}</p>
      <Button variant="accent" onClick={() => open(viewer === 'visitor' ? { kind: 'login' } : { kind: 'register', referralCode: null })} data-testid="crash-watch-action">
        {viewer === 'visitor' ? t('crash.watch.login') : t('crash.watch.register')}
      </Button>
    </section>
  );
}
