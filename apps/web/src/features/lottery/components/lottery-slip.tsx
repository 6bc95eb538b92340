import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@app/kernel';
import type { LotteryDraw, LotteryGame, LotteryPrizeMode, LotteryTicket } from '@app/contracts';
import { Button, Chips, CloseIcon } from '@app/ui';
import { useWalletFormat, walletKeys } from '../../wallet/index.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { lotteryKeys } from '../api/lottery.api.ts';
import { serverNow } from '../api/server-clock.ts';
import { useLotteryNames } from './names.ts';
import { placeTicket, refusalMessage } from './placement.ts';
import { slipFigures } from './slip-math.ts';

export interface SlipState {
  betType: string;
  selections: string[];
  stake: string;
  prizeMode: LotteryPrizeMode;
}

interface SlipProps {
  game: LotteryGame;
  /** The draw the page shows (open or just closed). */
  draw: LotteryDraw | null;
  /** Whether that draw still takes bets (the page's countdown decides). */
  open: boolean;
  slip: SlipState;
  onChange: (patch: Partial<SlipState>) => void;
  onPlaced: (ticket: LotteryTicket) => void;
  /** The server said the draw closed: the page asks for the next one. */
  onDrawClosed: () => void;
  onClose?: () => void;
}

/** 80000 → "80", 1950 → "1.95": payout per unit, from integer thousandths. */
export function oddsText(thousandths: number): string {
  return String(Number((thousandths / 1000).toFixed(3)));
}

/** The slip: selections, combinations, cost units, total, prize mode, unit stake and confirm. */
export function LotterySlip({ game, draw, open, slip, onChange, onPlaced, onDrawClosed, onClose }: SlipProps) {
  const { t, i18n } = useTranslation('lottery');
  const names = useLotteryNames();
  const format = useWalletFormat('R$');
  const queryClient = useQueryClient();
  const figures = slipFigures(game.family, slip.betType, slip.selections, slip.stake);
  const odds = game.betTypes.find((item) => item.code === slip.betType)?.odds ?? {};
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [inFlight, setInFlight] = useState(false);
  // One requestId per confirmation: a double click or a retry after a lost answer places once.
  const requestId = useRef<string | null>(null);
  const sending = useRef(false);
  const signature = JSON.stringify([draw?.id, slip]);
  useEffect(() => {
    requestId.current = null;
  }, [signature]);

  const disabled = inFlight || figures.problem !== null || !open;

  const confirm = async () => {
    // The clock may have passed the close since the last render.
    if (sending.current || disabled || !draw || figures.unitStakeCents === null || Date.parse(draw.closesAt) <= serverNow()) return;
    sending.current = true;
    requestId.current ??= newRequestId();
    setInFlight(true);
    setMessage(null);
    const answer = await placeTicket({
      requestId: requestId.current,
      drawId: draw.id,
      betType: slip.betType,
      prizeMode: slip.prizeMode,
      selections: slip.selections,
      unitStake: formatCents(figures.unitStakeCents),
      expectedTotal: formatCents(figures.totalCents),
    });
    sending.current = false;
    setInFlight(false);
    if ('ticket' in answer) {
      requestId.current = null;
      setMessage({ kind: 'ok', text: t('slip.placed', { id: answer.ticket.id, total: format.money(answer.ticket.totalStake) }) });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      onPlaced(answer.ticket);
      return;
    }
    if (!answer.retryable) requestId.current = null;
    setMessage({ kind: 'error', text: refusalMessage(i18n, answer.error) });
    if (answer.refusal === 'draw_closed' || answer.refusal === 'draw_not_found') onDrawClosed();
  };

  return (
    <div className="lt-slip" data-testid="lt-slip">
      <header className="lt-slip__head">
        <h2>{t('slip.title')}</h2>
        {onClose ? <Button variant="ghost" icon aria-label={t('slip.close')} onClick={onClose}><CloseIcon /></Button> : null}
      </header>
      <p className="lt-slip__type" data-testid="lt-slip-type">{names.betType(slip.betType)}</p>
      {slip.selections.length === 0 ? (
        <p className="lt-slip__empty" data-testid="lt-slip-empty">{t('slip.empty')}</p>
      ) : (
        <ul className="lt-slip__picks" data-testid="lt-slip-picks" aria-label={t('slip.selections')}>
          {slip.selections.map((value) => (
            <li key={value}>
              <button type="button" className="lt-slip__pick" aria-label={t('slip.remove', { value: names.selection(value) })} onClick={() => onChange({ selections: slip.selections.filter((item) => item !== value) })}>
                {names.selection(value)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {game.prizeModes.length > 1 ? (
        <div className="lt-slip__field">
          <span className="lt-slip__label" id="lt-prize-mode-label">{t('slip.prizeMode')}</span>
          <Chips label={t('slip.prizeMode')} value={slip.prizeMode} onChange={(prizeMode) => onChange({ prizeMode })} items={game.prizeModes.map((mode) => ({ id: mode, label: t(`prizeMode.${mode}`), testId: `lt-prize-mode-${mode}` }))} />
        </div>
      ) : null}
      <label className="lt-slip__field">
        <span className="lt-slip__label">{t('slip.unitStake')}</span>
        <input className="lt-input" inputMode="decimal" autoComplete="off" value={slip.stake} onChange={(event) => onChange({ stake: event.target.value })} data-testid="lt-slip-stake" aria-invalid={figures.problem?.startsWith('stake') ? true : undefined} />
      </label>
      <dl className="lt-slip__figures">
        <dt>{t('slip.combinations')}</dt>
        <dd data-testid="lt-slip-combinations">{figures.combinations}</dd>
        <dt>{t('slip.costUnits')}</dt>
        <dd data-testid="lt-slip-cost-units">{figures.costUnits}</dd>
        <dt>{t('slip.odds')}</dt>
        <dd data-testid="lt-slip-odds">{Object.keys(odds).length === 1 ? oddsText(Object.values(odds)[0] ?? 0) : t('slip.oddsTable', { count: Object.keys(odds).length })}</dd>
        <dt className="lt-slip__total-label">{t('slip.total')}</dt>
        <dd className="lt-slip__total" data-testid="lt-slip-total">{format.money(formatCents(figures.totalCents))}</dd>
      </dl>
      <p className="lt-slip__formula">{t('slip.formula')}</p>
      {figures.problem && slip.selections.length > 0 ? (
        <p className="lt-slip__problem" data-testid="lt-slip-problem">{t(`problem.${figures.problem}`, { min: figures.rule?.minSelections ?? 1, max: figures.rule?.maxSelections ?? 1 })}</p>
      ) : null}
      {!open ? <p className="lt-slip__problem" data-testid="lt-slip-closed">{draw ? t('slip.drawClosed') : t('slip.noDraw')}</p> : null}
      {message ? (
        <p className={message.kind === 'ok' ? 'lt-slip__message is-ok' : 'lt-slip__message is-error'} role={message.kind === 'ok' ? 'status' : 'alert'} data-testid={message.kind === 'ok' ? 'lt-slip-placed' : 'lt-slip-error'}>
          {message.text}
        </p>
      ) : null}
      <div className="lt-slip__actions">
        <Button variant="ghost" onClick={() => onChange({ selections: [] })} disabled={slip.selections.length === 0 || inFlight} data-testid="lt-slip-clear">{t('slip.clear')}</Button>
        <Button variant="accent" block onClick={() => void confirm()} disabled={disabled} aria-busy={inFlight} data-testid="lt-slip-confirm">
          {inFlight ? t('slip.sending') : t('slip.confirm', { total: format.money(formatCents(figures.totalCents)) })}
        </Button>
      </div>
    </div>
  );
}
