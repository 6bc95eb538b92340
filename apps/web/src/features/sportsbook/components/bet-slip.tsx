import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { SportsbookTicket } from '@app/contracts';
import { Alert, Button, CloseIcon, SelectField } from '@app/ui';
import { useAccountModals, useSession } from '../../account/index.ts';
import { useWalletFormat, walletKeys } from '../../wallet/index.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { translateError } from '../../../shared/error-message.ts';
import { placeTicketRequest, sportsbookKeys, ticketRequest } from '../api/sportsbook.api.ts';
import { displayOdds, useBookNames } from './book-names.ts';
import { accumulatorOdds, centsToAmount, oddsToThousandths, parseStake, potentialReturnCents, slipStore, useSlip, type OddsPolicy, type SlipBetType } from './slip-store.ts';

type Outcome = { kind: 'placed'; ticket: SportsbookTicket } | { kind: 'refused'; message: string } | null;

const POLICIES: readonly OddsPolicy[] = ['none', 'higher', 'any'];
const PENDING_POLL_MS = 1_000;

function stakeProblem(stake: string): 'stakeRequired' | 'stakeInvalid' | 'stakeTooSmall' | null {
  if (stake.trim() === '') return 'stakeRequired';
  const cents = parseStake(stake);
  if (cents === null) return 'stakeInvalid';
  return cents < 1n ? 'stakeTooSmall' : null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live ticket waits out the acceptance delay: ask for it until it stands or is refused. */
async function settledAnswer(ticket: SportsbookTicket): Promise<SportsbookTicket> {
  let current = ticket;
  for (let attempt = 0; current.status === 'pending_delay' && attempt < 60; attempt += 1) {
    await wait(PENDING_POLL_MS);
    current = await ticketRequest(current.id);
  }
  return current;
}

/** The slip: selections, singles or an accumulator, the stake, the odds-change choice, and placing it once. */
export function BetSlip({ onClose }: { onClose?: () => void }) {
  const { t, i18n } = useTranslation(['sportsbook', 'errors']);
  const slip = useSlip();
  const names = useBookNames();
  const format = useWalletFormat('R$');
  const session = useSession();
  const modals = useAccountModals();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One request id per submission of this slip: a double click, or a retry after a lost answer, places once.
  const requestId = useRef<string | null>(null);
  const busy = useRef(false);

  const { selections, stake, oddsPolicy } = slip;
  const betType: SlipBetType = selections.length >= 2 ? slip.betType : 'single';
  const signature = JSON.stringify([selections.map((item) => [item.eventId, item.marketKey, item.outcomeId, item.odds]), betType, stake, oddsPolicy]);
  useEffect(() => {
    // A changed slip is a new submission.
    requestId.current = null;
  }, [signature]);

  const problem = stakeProblem(stake);
  const stakeCents = parseStake(stake) ?? 0n;
  const betCount = betType === 'single' ? selections.length : selections.length > 0 ? 1 : 0;
  const totalStake = stakeCents * BigInt(betCount);
  const returnCents =
    betType === 'single'
      ? selections.reduce((sum, item) => sum + potentialReturnCents(stakeCents, [item.odds]), 0n)
      : potentialReturnCents(stakeCents, selections.map((item) => item.odds));

  const place = async () => {
    setTouched(true);
    if (busy.current || problem !== null || selections.length === 0) return;
    if (!session.isLoggedIn) {
      modals.open({ kind: 'login' });
      return;
    }
    if (session.isTrial) {
      modals.open({ kind: 'trialRefused' });
      return;
    }
    busy.current = true;
    setPending(true);
    setOutcome(null);
    requestId.current ??= newRequestId();
    try {
      const answer = await placeTicketRequest({
        requestId: requestId.current,
        betType: { kind: betType },
        stakeMode: 'unit',
        stake: centsToAmount(stakeCents),
        oddsPolicy,
        legs: selections.map((item) => ({ eventId: item.eventId, marketKey: item.marketKey, outcomeId: item.outcomeId, odds: oddsToThousandths(item.odds) })),
      });
      const ticket = await settledAnswer(answer);
      if (ticket.status === 'refused') {
        setOutcome({ kind: 'refused', message: translateError(i18n, new ApiError(409, ticket.refusalCode ?? 'unknown', 'refused')) });
        requestId.current = null;
      } else {
        setOutcome({ kind: 'placed', ticket });
      }
      void queryClient.invalidateQueries({ queryKey: sportsbookKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (error) {
      setOutcome({ kind: 'refused', message: translateError(i18n, error) });
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  if (outcome?.kind === 'placed') {
    const ticket = outcome.ticket;
    return (
      <div className="sb-slip__body" data-testid="sb-slip-placed">
        <SlipTitle count={selections.length} onClose={onClose} />
        <Alert tone="info" data-testid="sb-slip-placed-message">{t('slip.placed', { id: ticket.id })}</Alert>
        <dl className="sb-slip__summary">
          <dt>{t('slip.totalStake')}</dt>
          <dd>{format.money(ticket.totalStake)}</dd>
          <dt>{t('slip.potentialReturn')}</dt>
          <dd data-testid="sb-slip-placed-return">{format.money(ticket.potentialReturn)}</dd>
        </dl>
        {ticket.status === 'pending_delay' ? <p className="sb-slip__hint">{t('slip.pending')}</p> : null}
        <div className="sb-slip__actions">
          <Button variant="primary" block data-testid="sb-slip-new" onClick={() => { slipStore.clear(); setOutcome(null); setTouched(false); }}>{t('slip.newSlip')}</Button>
          <Button variant="ghost" block onClick={() => setOutcome(null)}>{t('slip.keepSelections')}</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="sb-slip__body" data-testid="sb-slip-body">
      <SlipTitle count={selections.length} onClose={onClose} />
      {selections.length === 0 ? (
        <p className="sb-slip__empty" data-testid="sb-slip-empty">{t('slip.empty')}</p>
      ) : (
        <>
          {selections.length >= 2 ? (
            <div className="sb-slip__types" role="radiogroup" aria-label={t('slip.betType')}>
              {(['single', 'accumulator'] as const).map((type) => (
                <button key={type} type="button" role="radio" aria-checked={betType === type} className={betType === type ? 'is-active' : ''} data-testid={`sb-slip-type-${type}`} onClick={() => slipStore.set({ betType: type })}>
                  {t(`slip.${type}`)}
                </button>
              ))}
            </div>
          ) : null}
          <ul className="sb-slip__legs">
            {selections.map((item) => (
              <li key={`${item.eventId}|${item.marketKey}`} className="sb-slip__leg" data-testid="sb-slip-leg">
                <div>
                  <strong data-testid="sb-slip-leg-outcome">{names.outcome(item.outcomeNameKey, item.outcomeParams)}</strong>
                  <span>{names.market(item.marketNameKey, item.marketSpecifiers)}</span>
                  <span className="sb-slip__event">{item.eventName}</span>
                </div>
                <span className="sb-slip__odds" data-testid="sb-slip-leg-odds">{displayOdds(item.odds)}</span>
                <button type="button" className="sb-slip__remove" aria-label={t('slip.remove')} onClick={() => slipStore.remove(item.eventId, item.marketKey)}>
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="sb-slip__clear" onClick={() => slipStore.clear()}>{t('slip.clear')}</button>
          {betType === 'accumulator' ? (
            <p className="sb-slip__row"><span>{t('slip.totalOdds')}</span><strong data-testid="sb-slip-total-odds">{accumulatorOdds(selections)}</strong></p>
          ) : null}
          <label className="sb-slip__stake">
            <span>{betType === 'single' && selections.length > 1 ? t('slip.stakePerBet') : t('slip.stake')}</span>
            <input
              inputMode="decimal"
              autoComplete="off"
              value={stake}
              placeholder="0,00"
              aria-invalid={touched && problem !== null}
              data-testid="sb-slip-stake"
              onChange={(event) => slipStore.set({ stake: event.target.value })}
              onBlur={() => setTouched(true)}
            />
          </label>
          {touched && problem ? <p className="sb-slip__error" role="alert" data-testid="sb-slip-stake-error">{t(`slip.${problem}`)}</p> : null}
          <SelectField
            label={t('slip.oddsPolicy')}
            value={oddsPolicy}
            options={POLICIES.map((policy) => ({ value: policy, label: t(`slip.policy.${policy}`) }))}
            onValueChange={(value) => slipStore.set({ oddsPolicy: value })}
            data-testid="sb-slip-policy"
          />
          <dl className="sb-slip__summary">
            {betType === 'single' && selections.length > 1 ? (
              <>
                <dt>{t('slip.bets', { count: betCount })}</dt>
                <dd>{format.money(centsToAmount(totalStake))}</dd>
              </>
            ) : null}
            <dt>{t('slip.potentialReturn')}</dt>
            <dd data-testid="sb-slip-return">{format.money(centsToAmount(returnCents))}</dd>
          </dl>
          {outcome?.kind === 'refused' ? (
            <Alert tone="error" data-testid="sb-slip-refusal">
              <span className="sb-slip__refusal"><strong>{t('slip.refused')}</strong> {outcome.message}</span>
            </Alert>
          ) : null}
          <Button variant="accent" block disabled={pending} onClick={() => void place()} data-testid="sb-slip-place">
            {pending ? t('slip.placing') : session.isLoggedIn ? t('slip.place') : t('slip.loginToBet')}
          </Button>
        </>
      )}
    </div>
  );
}

function SlipTitle({ count, onClose }: { count: number; onClose?: (() => void) | undefined }) {
  const { t } = useTranslation('sportsbook');
  return (
    <header className="sb-slip__head">
      <h2>{t('slip.title')} <span className="sb-slip__count" data-testid="sb-slip-count">{count}</span></h2>
      {onClose ? (
        <button type="button" className="sb-slip__close" aria-label={t('slip.close')} onClick={onClose}>
          <CloseIcon size={18} />
        </button>
      ) : null}
    </header>
  );
}

/**
 * Desktop: the slip is a column beside the book. Phone: a bar at the bottom that opens it as a
 * sheet. The bar and the sheet live in document.body: a fixed box inside the page's animated
 * container would be placed against that container, not the screen.
 */
export function SlipDock() {
  const { t } = useTranslation('sportsbook');
  const slip = useSlip();
  const [open, setOpen] = useState(false);
  const count = slip.selections.length;
  return (
    <>
      <aside className="sb-slip" aria-label={t('slip.title')} data-testid="sb-slip">
        <BetSlip />
      </aside>
      {createPortal(
        open ? (
          <>
            <div className="sb-slip__scrim" aria-hidden="true" onClick={() => setOpen(false)} />
            <section className="sb-sheet" role="dialog" aria-modal="true" aria-label={t('slip.title')} data-testid="sb-slip-sheet">
              <BetSlip onClose={() => setOpen(false)} />
            </section>
          </>
        ) : count > 0 ? (
          <button type="button" className="sb-slip-bar" data-testid="sb-slip-bar" onClick={() => setOpen(true)}>
            <span>{t('slip.open', { count })}</span>
            <strong>{count >= 2 && slip.betType === 'accumulator' ? accumulatorOdds(slip.selections) : displayOdds(slip.selections[count - 1]?.odds ?? '')}</strong>
          </button>
        ) : null,
        document.body,
      )}
    </>
  );
}
