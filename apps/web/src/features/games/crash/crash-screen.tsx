import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrashState } from '@app/contracts';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { hundredthsOf, type CrashClock } from './crash-clock.ts';
import { CrashBetPanel } from './crash-bet-panel.tsx';
import { useCrashFormat } from './crash-format.ts';
import { CrashHistory } from './crash-history.tsx';
import { CrashPlayers } from './crash-players.tsx';
import { CrashRules } from './crash-rules.tsx';
import { CrashStage } from './crash-stage.tsx';
import { useCrashBet } from './use-crash-bet.ts';
import { useCrashLive } from './use-crash-live.ts';
import '../mini/mini.css';
import '../slot/slot.css';
import './crash.css';

interface CrashScreenProps {
  /** Inside the game stage, whose toolbar already names the game. */
  embedded?: boolean;
  /** Demo mode was asked for: crash has none, so say that bets use the real balance. */
  demoRequested?: boolean;
}

/** The multiplayer crash game: the live round for everyone, the bet panel for real members. */
export function CrashScreen({ embedded = false, demoRequested = false }: CrashScreenProps) {
  const { t } = useTranslation('games');
  const errorMessage = useErrorMessage();
  const { state, clock } = useCrashLive();

  if (state.data) return <CrashTable state={state.data} clock={clock} embedded={embedded} demoRequested={demoRequested} />;
  if (state.isError) {
    return (
      <div className="mini-screen" data-testid="crash-load-error">
        <Alert tone="error">{errorMessage(state.error)}</Alert>
        <Button variant="outline" onClick={() => void state.refetch()} disabled={state.isFetching}>
          {t('crash.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="mini-screen mini-screen--loading" data-testid="crash-loading">
      <Spinner label={t('launch.loading')} size={44} />
    </div>
  );
}

interface CrashTableProps {
  state: CrashState;
  clock: CrashClock;
  embedded: boolean;
  demoRequested: boolean;
}

function CrashTable({ state, clock, embedded, demoRequested }: CrashTableProps) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  const control = useCrashBet(state);
  const [rulesOpen, setRulesOpen] = useState(false);
  const capHundredths = hundredthsOf(state.limits.maxMultiplier);
  const phase = state.round?.phase ?? 'idle';

  return (
    <div className="mini-screen crash-screen" data-testid="crash-screen" data-phase={phase} data-round={state.round?.id ?? ''}>
      <header className="game-head">
        <div>
          {embedded ? null : <h2 className="game-head__name mini-head__name">{t('crash.name')}</h2>}
          <p className="game-head__meta">
            {t('crash.house')} · {t('crash.limits', { min: format.money(state.limits.minBet), max: format.money(state.limits.maxBet) })}
          </p>
        </div>
        <div className="game-head__badges">
          <span className="slot-badge" data-testid="crash-rtp">
            {t('crash.rtpBadge')}
          </span>
          <Button variant="outline" size="sm" onClick={() => setRulesOpen(true)} data-testid="crash-rules-open">
            {t('crash.rulesButton')}
          </Button>
        </div>
      </header>

      {demoRequested && control.viewer === 'member' ? (
        <Alert tone="info" data-testid="crash-demo-notice">
          {t('crash.demo')}
        </Alert>
      ) : null}

      <div className="mini-layout crash-layout">
        <section className="mini-stage crash-board" aria-label={t('crash.stageLabel')}>
          <CrashHistory history={state.history} />
          <CrashStage round={state.round} clock={clock} capHundredths={capHundredths} bet={control.bet} />
        </section>
        <CrashBetPanel state={state} control={control} clock={clock} capHundredths={capHundredths} />
        <CrashPlayers players={state.players} phase={state.round?.phase ?? null} myBetId={control.bet?.id ?? null} />
      </div>

      <CrashRules state={state} open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </div>
  );
}
