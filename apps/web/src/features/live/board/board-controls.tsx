import { useTranslation } from 'react-i18next';
import { Alert, Button } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useAccountModals } from '../../account/index.ts';
import { useLiveFormat } from '../components/live-format.ts';
import { centsOf, type LimitProblem } from './board-state.ts';
import type { LiveBoardControl } from './use-live-board.ts';

/** The chips to bet with, the board's actions, and the confirmation (what is still unconfirmed and why it may not go). */
export function BoardControls({ control, chips }: { control: LiveBoardControl; chips: readonly string[] }) {
  const { t } = useTranslation('live');
  const format = useLiveFormat();
  const errorMessage = useErrorMessage();
  const { open } = useAccountModals();
  if (control.viewer === 'visitor' || control.viewer === 'trial') {
    return (
      <div className="live-controls live-watch" data-testid={control.viewer === 'visitor' ? 'live-login-prompt' : 'live-trial-prompt'}>
        <p>{t(`watch.${control.viewer}`)}</p>
        <Button variant="accent" onClick={() => open(control.viewer === 'visitor' ? { kind: 'login' } : { kind: 'register', referralCode: null })} data-testid="live-watch-action">
          {t(`watch.${control.viewer}Action`)}
        </Button>
      </div>
    );
  }
  const problem = control.problems[0];
  return (
    <div className="live-controls" data-testid="live-controls">
      <div className="live-chips" role="radiogroup" aria-label={t('board.chips')}>
        {chips.map((amount) => {
          const cents = centsOf(amount);
          return (
            <button
              key={amount}
              type="button"
              role="radio"
              aria-checked={control.chip === cents}
              className={`live-chip live-chip--${chips.indexOf(amount) % 7}${format.chip(cents).length >= 3 ? ' is-long' : ''}${control.chip === cents ? ' is-selected' : ''}`}
              data-testid={`chip-${cents}`}
              onClick={() => control.setChip(cents)}
              aria-label={format.cents(cents)}
            >
              {format.chip(cents)}
            </button>
          );
        })}
      </div>
      <div className="live-actions">
        <Button variant="outline" size="sm" onClick={control.undo} disabled={!control.canUndo} data-testid="board-undo">
          {t('board.undo')}
        </Button>
        <Button variant="outline" size="sm" onClick={control.clear} disabled={!control.canUndo} data-testid="board-clear">
          {t('board.clear')}
        </Button>
        <Button variant="outline" size="sm" onClick={control.double} disabled={!control.canUndo} data-testid="board-double">
          {t('board.double')}
        </Button>
        <Button variant="outline" size="sm" onClick={control.repeat} disabled={!control.canRepeat} data-testid="board-repeat">
          {t('board.repeat')}
        </Button>
      </div>
      <div className="live-confirm">
        <p className="live-confirm__totals">
          <span data-testid="board-pending-total">{t('board.pending', { amount: format.cents(control.pendingTotal) })}</span>
          <span data-testid="board-confirmed-total">{t('board.confirmed', { amount: format.cents(control.confirmedTotal) })}</span>
        </p>
        <Button variant="accent" onClick={() => void control.confirm()} disabled={!control.canConfirm} aria-busy={control.pending} data-testid="board-confirm">
          {control.pending ? t('board.confirming') : t('board.confirm')}
        </Button>
      </div>
      {problem ? (
        <p className="live-problem" data-testid="board-problem">
          {problemText(t, problem, format.money)}
        </p>
      ) : control.insufficient ? (
        <p className="live-problem" data-testid="board-problem">
          {t('problems.balance')}
        </p>
      ) : null}
      {control.error ? (
        <Alert tone="error" data-testid="board-error">
          {errorMessage(control.error)}
        </Alert>
      ) : null}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'live'>>['t'];

function problemText(t: T, problem: LimitProblem, money: (amount: string) => string): string {
  switch (problem.kind) {
    case 'min':
      return t('problems.min', { spot: problem.spot, amount: money(problem.limit) });
    case 'max':
      return t('problems.max', { spot: problem.spot, amount: money(problem.limit) });
    case 'round_max':
      return t('problems.roundMax', { amount: money(problem.limit) });
    case 'neighbours_split':
      return t('problems.neighbours');
  }
}
