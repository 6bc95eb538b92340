import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsbookTicket } from '@app/contracts';
import { Button, Spinner } from '@app/ui';
import { useAccountModals, useSession } from '../../account/index.ts';
import { useWalletFormat } from '../../wallet/index.ts';
import { eventQueryOptions, sportsbookKeys, ticketsQueryOptions } from '../api/sportsbook.api.ts';
import { eventName, useBookNames } from './book-names.ts';
import { watchMessages } from '../../../shared/ws-client.ts';
import { CashOut, useCashOutLive } from './cash-out.tsx';

const STATUSES = ['open', 'settled'] as const;
export type MyBetsStatus = (typeof STATUSES)[number];

function decimal(thousandths: number): string {
  return (thousandths / 1000).toFixed(2);
}

/**
 * A balance change pushed over /ws refreshes the settled list: money moved, so a ticket was
 * probably decided. The open list keeps its own pace (its cash-out confirmation stays on screen
 * until the next poll instead of vanishing with the ticket the instant it is paid).
 */
function useTicketsFollowWallet(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => watchMessages('wallet.balance_changed', () => void queryClient.invalidateQueries({ queryKey: sportsbookKeys.tickets(token, 'settled') })), [queryClient, token]);
}

/** My bets: the member's open or settled tickets with legs, odds, stake and (potential) return. */
export function MyBets({ status, onStatus }: { status: MyBetsStatus; onStatus: (status: MyBetsStatus) => void }) {
  const { t } = useTranslation('sportsbook');
  const { token, isLoggedIn, isResolving } = useSession();
  const modals = useAccountModals();
  // Open tickets are asked again often (a result can come any second); settled ones less often, and
  // at once whenever the wallet moves (a settlement's win, a resettlement's reversal).
  const query = useQuery({ ...ticketsQueryOptions(token, status), refetchInterval: status === 'open' ? 10_000 : 15_000 });
  useCashOutLive(token);
  useTicketsFollowWallet(token);

  if (!isLoggedIn && !isResolving) {
    return (
      <div className="sb-mybets__login" data-testid="sb-mybets-login">
        <p>{t('myBets.loginPrompt')}</p>
        <Button variant="primary" onClick={() => modals.open({ kind: 'login' })}>{t('myBets.login')}</Button>
      </div>
    );
  }
  const tickets = query.data?.tickets ?? [];
  return (
    <section className="sb-mybets" data-testid="sb-mybets">
      <div className="sb-chips" role="tablist" aria-label={t('tabs.myBets')}>
        {STATUSES.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={status === id} className={status === id ? 'is-active' : ''} data-testid={`sb-mybets-${id}`} onClick={() => onStatus(id)}>
            {t(`myBets.${id}`)}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <div className="sb-list__state"><Spinner label={t('lists.loading')} /></div>
      ) : tickets.length === 0 ? (
        <p className="sb-list__state" data-testid="sb-mybets-empty">{t('myBets.empty')}</p>
      ) : (
        <ul className="sb-tickets">
          {tickets.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} />)}
        </ul>
      )}
    </section>
  );
}

function TicketCard({ ticket }: { ticket: SportsbookTicket }) {
  const { t } = useTranslation('sportsbook');
  const betTypeLabel = ({ betType, legs }: SportsbookTicket) => {
    if (betType.kind === 'system_preset') return t(`slip.systemPicker.preset.${betType.preset}`);
    if (betType.kind === 'system') return `${t('myBets.betType.system')} ${t('slip.systemPicker.kOfN', { k: betType.sizes.join('/'), n: legs.length })}`;
    return t(`myBets.betType.${betType.kind}`);
  };
  const format = useWalletFormat('R$');
  const totalOdds = ticket.legs.reduce((product, leg) => product * (leg.odds / 1000), 1);
  const decided = ticket.return !== null;
  return (
    <li className="sb-ticket" data-testid="sb-ticket" data-status={ticket.status}>
      <header className="sb-ticket__head">
        <strong data-testid="sb-ticket-type">{betTypeLabel(ticket)}{ticket.betCount > 1 ? ` · ${t('slip.bets', { count: ticket.betCount })}` : ''}{ticket.isLive ? ` · ${t('myBets.live')}` : ''}</strong>
        <span className={`sb-ticket__status is-${ticket.status}`} data-testid="sb-ticket-status">{t(`myBets.status.${ticket.status}`)}</span>
      </header>
      <ul className="sb-ticket__legs">
        {ticket.legs.map((leg) => (
          <LegRow key={`${leg.eventId}|${leg.marketKey}|${leg.outcomeId}`} leg={leg} />
        ))}
      </ul>
      <dl className="sb-ticket__figures">
        {ticket.betType.kind === 'accumulator' ? (
          <>
            <dt>{t('myBets.odds')}</dt>
            <dd>{totalOdds.toFixed(2)}</dd>
          </>
        ) : null}
        <dt>{t('myBets.stake')}</dt>
        <dd data-testid="sb-ticket-stake">{format.money(ticket.totalStake)}</dd>
        {ticket.remainingStake && ticket.remainingStake !== ticket.totalStake && !decided ? (
          <>
            <dt>{t('myBets.remainingStake')}</dt>
            <dd data-testid="sb-ticket-remaining">{format.money(ticket.remainingStake)}</dd>
          </>
        ) : null}
        {ticket.cashedOut && ticket.cashedOut !== '0.00' ? (
          <>
            <dt>{t('myBets.cashedOut')}</dt>
            <dd data-testid="sb-ticket-cashed-out">{format.money(ticket.cashedOut)}</dd>
          </>
        ) : null}
        <dt>{decided ? t('myBets.return') : t('myBets.potentialReturn')}</dt>
        <dd data-testid="sb-ticket-return">{format.money(ticket.return ?? ticket.potentialReturn)}</dd>
      </dl>
      {ticket.status === 'open' ? <CashOut ticket={ticket} /> : null}
      <footer className="sb-ticket__foot">
        <span>{t('myBets.ticket', { id: ticket.id })}</span>
        <span>{ticket.settledAt ? t('myBets.settledAt', { time: format.dateTime(ticket.settledAt) }) : t('myBets.placedAt', { time: format.dateTime(ticket.createdAt) })}</span>
      </footer>
      {ticket.needsResettlement ? <p className="sb-ticket__flag" data-testid="sb-ticket-resettle">{t('myBets.needsResettlement')}</p> : null}
    </li>
  );
}

/** 'totals?total=2.5' → the type and its specifiers. */
export function parseMarketKey(marketKey: string): { type: string; specifiers: Record<string, string> } {
  const [type = marketKey, query = ''] = marketKey.split('?');
  return { type, specifiers: Object.fromEntries(new URLSearchParams(query.replaceAll('|', '&'))) };
}

function LegRow({ leg }: { leg: SportsbookTicket['legs'][number] }) {
  const names = useBookNames();
  // The event's name comes from the book (cached; an event gone from the book shows its id).
  const event = useQuery({ ...eventQueryOptions(leg.eventId), refetchInterval: false, retry: false, staleTime: 300_000 });
  const { type, specifiers } = parseMarketKey(leg.marketKey);
  const outcomeKey = type === 'correct_score' && leg.outcomeId !== 'other' ? 'correct_score.score' : `${type}.${leg.outcomeId}`;
  return (
    <li className="sb-ticket__leg" data-testid="sb-ticket-leg">
      <span>
        <strong>{names.outcome(outcomeKey, { ...specifiers, score: leg.outcomeId })}</strong>
        <span>{names.market(type, specifiers)}</span>
        <span className="sb-slip__event">{event.data ? eventName(event.data) : leg.eventId}</span>
      </span>
      <strong data-testid="sb-ticket-leg-odds">{decimal(leg.odds)}</strong>
    </li>
  );
}
