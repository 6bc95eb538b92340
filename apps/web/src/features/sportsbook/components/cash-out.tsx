import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SportsbookCashOutQuoteSchema, type SportsbookCashOutQuote, type SportsbookTicket } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { formatCents } from '@app/kernel';
import { useSession } from '../../account/index.ts';
import { useWalletFormat, walletKeys } from '../../wallet/index.ts';
import { ApiError, isApiError } from '../../../shared/api-client.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { watchMessages } from '../../../shared/ws-client.ts';
import { cashOutQueryOptions, cashOutRequest, sportsbookKeys } from '../api/sportsbook.api.ts';
import { parseStake } from './slip-math.ts';

const cents = (amount: string | null) => parseStake(amount ?? '') ?? 0n;

/** Fresh offers pushed over /ws (sportsbook.cashout_changed) replace the cached quotes; others are asked again. */
export function useCashOutLive(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchMessages('sportsbook.cashout_changed', (message) => {
        const offered = new Set<string>();
        for (const offer of message.offers) {
          offered.add(offer.ticketId);
          queryClient.setQueryData(sportsbookKeys.cashOut(token, offer.ticketId), offer);
        }
        for (const id of message.ticketIds) if (!offered.has(id)) void queryClient.invalidateQueries({ queryKey: sportsbookKeys.cashOut(token, id) });
      }),
    [queryClient, token],
  );
}

type Step = { kind: 'offer' } | { kind: 'confirm'; price: string; amount: string | null } | { kind: 'changed'; price: string; amount: string | null } | { kind: 'paid'; paid: string };

/** What a partial cash-out of `amount` leaves in play: the ticket shrinks by (price − amount) / price. */
function keeps(quote: SportsbookCashOutQuote, amount: bigint) {
  const price = cents(quote.price);
  if (price === 0n) return { stake: '0.00', potentialReturn: '0.00' };
  const left = (value: string) => formatCents((cents(value) * (price - amount)) / price);
  return { stake: left(quote.remainingStake), potentialReturn: left(quote.potentialReturn) };
}

/**
 * An open ticket's cash-out: the full offer, or a part of it on a slider; a confirm step names
 * the amount; the accepted price goes with the request, so a lower price is refused, never paid,
 * and the refusal's new price is offered to accept.
 */
export function CashOut({ ticket }: { ticket: SportsbookTicket }) {
  const { t } = useTranslation('sportsbook');
  const format = useWalletFormat('R$');
  const errorMessage = useErrorMessage();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ ...cashOutQueryOptions(token, ticket.id), refetchInterval: 15_000 });
  const [step, setStep] = useState<Step>({ kind: 'offer' });
  const [partial, setPartial] = useState(false);
  const [amountCents, setAmountCents] = useState<bigint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const requestId = useRef<string | null>(null);
  // A second click before the first answer is ignored (and would carry the same request id anyway).
  const busy = useRef(false);
  const quote = query.data;

  if (step.kind === 'paid') return <Alert tone="info" data-testid="sb-cashout-paid">{t('myBets.cashOut.paid', { amount: format.money(step.paid) })}</Alert>;
  if (!quote) return query.isPending ? <p className="sb-cashout__note">{t('myBets.cashOut.loading')}</p> : null;
  if (!quote.available || !quote.price) {
    return (
      <p className="sb-cashout__note" data-testid="sb-cashout-unavailable">
        {t('myBets.cashOut.unavailable')}
        {quote.reason ? ` · ${errorMessage(new ApiError(409, quote.reason, 'unavailable'))}` : ''}
      </p>
    );
  }

  const min = cents(quote.minPartial);
  const max = cents(quote.maxPartial);
  const canPartial = quote.minPartial !== null && quote.maxPartial !== null && max > min;
  const chosen = amountCents === null ? min : amountCents < min ? min : amountCents > max ? max : amountCents;

  const send = async (price: string, amount: string | null) => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    setError(null);
    requestId.current ??= newRequestId();
    try {
      const result = await cashOutRequest(ticket.id, { requestId: requestId.current, acceptedPrice: price, ...(amount ? { amount } : {}) });
      requestId.current = null;
      setStep({ kind: 'paid', paid: result.paid });
      // The open list is not asked again at once: a fully cashed-out ticket would vanish with its
      // "paid" notice the instant it shows; its next poll takes it away. A partial one stays open
      // and shows what it keeps now.
      if (result.ticket.status === 'open') {
        queryClient.setQueryData(sportsbookKeys.tickets(token, 'open'), (old: { tickets: SportsbookTicket[] } | undefined) =>
          old ? { tickets: old.tickets.map((each) => (each.id === result.ticket.id ? result.ticket : each)) } : old,
        );
        void queryClient.invalidateQueries({ queryKey: sportsbookKeys.cashOut(token, ticket.id) });
      }
      void queryClient.invalidateQueries({ queryKey: sportsbookKeys.tickets(token, 'settled') });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (failure) {
      requestId.current = null;
      const fresh = isApiError(failure) && failure.code === 'sportsbook.cashout_price_changed' ? SportsbookCashOutQuoteSchema.safeParse(failure.details?.quote) : null;
      if (fresh?.success && fresh.data.available && fresh.data.price) {
        queryClient.setQueryData(sportsbookKeys.cashOut(token, ticket.id), fresh.data);
        // A partial amount keeps its share of the new price.
        const newAmount = amount ? formatCents((cents(amount) * cents(fresh.data.price)) / cents(price)) : null;
        setStep({ kind: 'changed', price: fresh.data.price, amount: newAmount });
      } else {
        setError(errorMessage(failure));
        setStep({ kind: 'offer' });
        void query.refetch();
      }
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  if (step.kind === 'confirm' || step.kind === 'changed') {
    const shown = format.money(step.amount ?? step.price);
    return (
      <div className="sb-cashout is-confirm" data-testid="sb-cashout-confirm">
        {step.kind === 'changed' ? <p className="sb-cashout__changed" role="alert" data-testid="sb-cashout-changed">{t('myBets.cashOut.priceChanged', { amount: shown })}</p> : <p>{t('myBets.cashOut.confirmQuestion', { amount: shown })}</p>}
        <div className="sb-cashout__actions">
          <Button variant="accent" disabled={sending} onClick={() => void send(step.price, step.amount)} data-testid="sb-cashout-accept">
            {sending ? t('myBets.cashOut.sending') : step.kind === 'changed' ? t('myBets.cashOut.acceptNew', { amount: shown }) : t('myBets.cashOut.confirm', { amount: shown })}
          </Button>
          <Button variant="outline" disabled={sending} onClick={() => setStep({ kind: 'offer' })}>{t('myBets.cashOut.cancel')}</Button>
        </div>
      </div>
    );
  }

  const left = keeps(quote, chosen);
  return (
    <div className="sb-cashout" data-testid="sb-cashout">
      {error ? <p className="sb-slip__error" role="alert" data-testid="sb-cashout-error">{error}</p> : null}
      {partial && canPartial ? (
        <label className="sb-cashout__slider">
          <span>{t('myBets.cashOut.amount')}: <strong data-testid="sb-cashout-amount">{format.money(formatCents(chosen))}</strong></span>
          <input type="range" min={Number(min)} max={Number(max)} step={1} value={Number(chosen)} onChange={(event) => setAmountCents(BigInt(event.target.value))} data-testid="sb-cashout-slider" />
          <small>{t('myBets.cashOut.keeps', { stake: format.money(left.stake), potentialReturn: format.money(left.potentialReturn) })}</small>
        </label>
      ) : null}
      <div className="sb-cashout__actions">
        <Button variant="accent" onClick={() => setStep({ kind: 'confirm', price: quote.price!, amount: partial && canPartial ? formatCents(chosen) : null })} data-testid="sb-cashout-full">
          {t('myBets.cashOut.full', { amount: format.money(partial && canPartial ? formatCents(chosen) : quote.price!) })}
        </Button>
        {canPartial ? (
          <Button variant="outline" aria-pressed={partial} onClick={() => setPartial(!partial)} data-testid="sb-cashout-partial">{t('myBets.cashOut.partial')}</Button>
        ) : null}
      </div>
    </div>
  );
}
