import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryTicket } from '@app/contracts';
import { Spinner } from '@app/ui';
import { useWalletFormat } from '../../wallet/index.ts';
import { watchMessages } from '../../../shared/ws-client.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { gamesQueryOptions, lotteryKeys, ticketsQueryOptions, type TicketStatusFilter } from '../api/lottery.api.ts';
import { useLotteryNames } from './names.ts';
import { LoadProblem } from './states.tsx';

const STATUSES = ['open', 'settled'] as const;

function TicketCard({ ticket, gameName }: { ticket: LotteryTicket; gameName: string }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  const format = useWalletFormat('R$');
  return (
    <li className="lt-ticket" data-testid="lt-ticket" data-status={ticket.status}>
      <header className="lt-ticket__head">
        <strong>{gameName}</strong>
        <span className={`lt-badge is-${ticket.status}`} data-testid="lt-ticket-status">{t(`ticketStatus.${ticket.status}`)}</span>
      </header>
      <p className="lt-ticket__line">
        {t('draw.number', { no: ticket.drawNo })} · {names.betType(ticket.betType)} · {t(`prizeMode.${ticket.prizeMode}`)}
      </p>
      <p className="lt-ticket__picks" data-testid="lt-ticket-picks">{ticket.selections.map((value) => names.selection(value)).join(' · ')}</p>
      <dl className="lt-ticket__figures">
        <dt>{t('slip.combinations')}</dt>
        <dd>{ticket.combinations}</dd>
        <dt>{t('orders.stake')}</dt>
        <dd data-testid="lt-ticket-stake">{format.money(ticket.totalStake)}</dd>
        {ticket.hits !== null ? (
          <>
            <dt>{t('orders.hits')}</dt>
            <dd data-testid="lt-ticket-hits">{ticket.hits}</dd>
          </>
        ) : null}
        {ticket.return !== null ? (
          <>
            <dt>{t('orders.return')}</dt>
            <dd data-testid="lt-ticket-return">{format.money(ticket.return)}</dd>
          </>
        ) : null}
      </dl>
      <footer className="lt-ticket__foot">
        <span>{t('orders.ticket', { id: ticket.id })}</span>
        <span>{format.dateTime(ticket.settledAt ?? ticket.createdAt)}</span>
        {ticket.resettlements > 0 ? <span className="lt-badge">{t('orders.resettled')}</span> : null}
        {ticket.refusalCode ? <span data-testid="lt-ticket-refusal">{names.refusal(ticket.refusalCode)}</span> : null}
      </footer>
    </li>
  );
}

/**
 * My orders: open and settled tickets. A balance change pushed over /ws (a settlement paid or a
 * resettlement reversed) refreshes both lists at once; open ones are asked again every 10 s.
 */
export function MyOrders({ status, gameCode, onStatus }: { status: TicketStatusFilter; gameCode: string | null; onStatus: (status: TicketStatusFilter) => void }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const query = useQuery({ ...ticketsQueryOptions(token, status, gameCode), refetchInterval: status === 'open' ? 10_000 : 30_000 });
  const games = useQuery(gamesQueryOptions(null));
  useEffect(() => watchMessages('wallet.balance_changed', () => void queryClient.invalidateQueries({ queryKey: lotteryKeys.member(token) })), [queryClient, token]);
  const nameOf = (code: string) => names.game(games.data?.games.find((game) => game.code === code), code);
  return (
    <section className="lt-orders" data-testid="lt-orders">
      <div className="lt-chips" role="tablist" aria-label={t('tabs.orders')}>
        {STATUSES.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={status === id} className={status === id ? 'is-active' : ''} data-testid={`lt-orders-${id}`} onClick={() => onStatus(id)}>
            {t(`orders.${id}`)}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <div className="lt-state"><Spinner label={t('state.loading')} /></div>
      ) : query.isError ? (
        <LoadProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.tickets.length === 0 ? (
        <p className="lt-state" data-testid="lt-orders-empty">{t(`orders.empty.${status}`)}</p>
      ) : (
        <ul className="lt-tickets">{query.data.tickets.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} gameName={nameOf(ticket.gameCode)} />)}</ul>
      )}
    </section>
  );
}
