import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { SportsbookAdminTicketDetail } from '@app/contracts';
import { Button } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { DataTable } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { newRequestId, useBookText } from './book-text.ts';
import { useTicket, useVoidTicket } from './sportsbook.api.ts';
import './sportsbook.css';

const SETTLED = ['won', 'partially_won', 'lost', 'void', 'cashed_out'];

/** One ticket (sportsbook.read): legs with locked odds and results, its money; manual void (sportsbook.settle). */
export default function TicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('admin-sportsbook');
  const query = useTicket(id);
  return (
    <Page title={t('ticket.title', { id })} testId="sb-ticket-page" actions={<Link to="/sportsbook/tickets">{t('ticket.back')}</Link>}>
      <QueryState query={query}>{() => <TicketBody ticket={query.data!} />}</QueryState>
    </Page>
  );
}

function TicketBody({ ticket }: { ticket: SportsbookAdminTicketDetail }) {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const { marketName, outcomeName } = useBookText();
  const maySettle = useSession().can('sportsbook.settle');
  const [voiding, setVoiding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const language = i18n.language;
  const money = (amount: string) => formatMoney(amount, language);
  const settled = SETTLED.includes(ticket.status) || ticket.settleStatus !== null;
  const legResult = (result: Record<string, unknown> | null) => {
    if (!result) return t('ticket.pending');
    const factor = Number(result.voidFactor ?? 0);
    const base = String(result.result ?? '');
    const choice = factor === 1 ? 'void' : factor === 0.5 ? `half_${base}` : base;
    const label = ['won', 'lost', 'void', 'half_won', 'half_lost'].includes(choice) ? t(`result.choice.${choice as 'won'}`) : choice;
    return result.deadHeatFactor && result.deadHeatFactor !== '1' ? `${label} (DH ${String(result.deadHeatFactor)})` : label;
  };
  return (
    <>
      <dl className="sb-facts">
        <div><dt>{t('ticket.member')}</dt><dd>{ticket.account}</dd></div>
        <div><dt>{t('tickets.columns.status')}</dt><dd><span className={`sb-badge sb-badge--${ticket.status}`} data-testid="sb-ticket-status">{t(`ticketStatus.${ticket.status}`)}</span></dd></div>
        <div><dt>{t('ticket.placed')}</dt><dd>{formatDateTime(ticket.createdAt, language)}</dd></div>
        <div><dt>{t('ticket.type')}</dt><dd>{ticket.betType} · {ticket.stakeMode}</dd></div>
        <div><dt>{t('tickets.columns.stake')}</dt><dd>{money(ticket.totalStake)}</dd></div>
        <div><dt>{t('tickets.columns.potential')}</dt><dd>{money(ticket.potentialReturn)}</dd></div>
        <div><dt>{t('tickets.columns.return')}</dt><dd>{ticket.return === null ? '—' : money(ticket.return)}</dd></div>
        <div><dt>{t('ticket.oddsPolicy')}</dt><dd>{ticket.oddsPolicy}{ticket.isLive ? ` · ${t('ticket.live')}` : ''}</dd></div>
        {ticket.settledAt ? <div><dt>{t('ticket.settledAt')}</dt><dd>{formatDateTime(ticket.settledAt, language)}</dd></div> : null}
        {ticket.refusalCode ? <div><dt>{t('ticket.refusal')}</dt><dd>{ticket.refusalCode}</dd></div> : null}
      </dl>
      {ticket.needsResettlement ? <p className="bo-error">{t('tickets.flag', { reason: ticket.reviewReason ?? '' })}</p> : null}
      {maySettle ? (
        <div className="sb-actions">
          <Button variant="outline" disabled={settled || ticket.status !== 'open'} onClick={() => setVoiding(true)} data-testid="sb-ticket-void">{t('ticket.void')}</Button>
          {settled ? <span className="bo-small bo-muted">{t('ticket.voidSettled')}</span> : null}
        </div>
      ) : null}
      {notice ? <p className="sb-notice" role="status" data-testid="sb-ticket-notice">{notice}</p> : null}
      <h2 className="sb-section-title">{t('ticket.legs')}</h2>
      <DataTable
        rows={ticket.legs}
        rowKey={(leg) => String(leg.index)}
        testId="sb-ticket-legs"
        columns={[
          { key: 'event', header: t('ticket.event'), cell: (leg) => <Link to={`/sportsbook/events/${encodeURIComponent(leg.eventId)}`}>{leg.eventName}</Link> },
          { key: 'market', header: t('ticket.market'), cell: (leg) => marketName(leg.marketKey) },
          { key: 'outcome', header: t('ticket.outcome'), cell: (leg) => outcomeName(leg.outcomeId) },
          { key: 'slip', header: t('ticket.slipOdds'), cell: (leg) => leg.slipOdds },
          { key: 'locked', header: t('ticket.lockedOdds'), cell: (leg) => <strong>{leg.lockedOdds}</strong> },
          { key: 'result', header: t('ticket.legResult'), cell: (leg) => legResult(leg.result) },
        ]}
      />
      <h2 className="sb-section-title">{t('ticket.transactions')}</h2>
      <DataTable
        rows={ticket.transactions}
        rowKey={(tx) => tx.transactionId}
        testId="sb-ticket-transactions"
        empty="—"
        columns={[
          { key: 'action', header: t('ticket.action'), cell: (tx) => (['bet', 'win', 'rollback'].includes(tx.action) ? t(`ticket.actions.${tx.action as 'bet'}`) : tx.action) },
          { key: 'id', header: t('ticket.transaction'), cell: (tx) => <code className="bo-small">{tx.transactionId}</code> },
          { key: 'amount', header: t('ticket.amount'), cell: (tx) => (tx.amount === null ? '—' : money(tx.amount)) },
          { key: 'at', header: t('ticket.at'), cell: (tx) => formatDateTime(tx.at, language) },
        ]}
      />
      {voiding ? <VoidDialog ticket={ticket} onClose={() => setVoiding(false)} onDone={(text) => { setVoiding(false); setNotice(text); }} /> : null}
    </>
  );
}

function VoidDialog({ ticket, onClose, onDone }: { ticket: SportsbookAdminTicketDetail; onClose: () => void; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const voidTicket = useVoidTicket(ticket.id);
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={t('ticket.voidTitle', { id: ticket.id })}
      testId="sb-void-dialog"
      onClose={onClose}
      action={
        <Button
          disabled={voidTicket.isPending || reason.trim() === ''}
          onClick={() => voidTicket.mutate({ requestId, reason: reason.trim() }, { onSuccess: (answer) => onDone(answer.status === 'pending_approval' ? t('ticket.voidPending', { id: answer.approvalId }) : t('ticket.voided')) })}
          data-testid="sb-void-submit"
        >
          {t('ticket.void')}
        </Button>
      }
    >
      <p>{t('ticket.voidExplain', { stake: formatMoney(ticket.totalStake, i18n.language) })}</p>
      <TextBox label={t('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={3} testId="sb-void-reason" className="sb-reason" />
      <ErrorLine error={voidTicket.error} testId="sb-void-error" />
    </ActionDialog>
  );
}
