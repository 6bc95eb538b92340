import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FEEDBACK_REPLY_MAX } from '@app/contracts';
import { Button, TextField } from '@app/ui';
import { Badge } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { useFeedbackTicket, useTicketAction } from './feedback.api.ts';
import { STATUS_TONE } from './queue-page.tsx';
import './feedback.css';

/**
 * One ticket: the member's text and contact, the conversation (replies and internal notes, which
 * the member never sees), assignment, a reply that reaches the member as a platform message, close.
 */
export default function TicketPage() {
  const { t, i18n } = useTranslation('admin-feedback');
  const id = useParams().id ?? '';
  const me = useSession().operator?.username ?? null;
  const query = useFeedbackTicket(id);
  const action = useTicketAction(id);
  const [text, setText] = useState('');
  const [assignee, setAssignee] = useState('');
  // One request id per typed text: a double click sends it once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const run = (kind: 'notes' | 'reply') =>
    action.mutate({ action: { kind, body: text.trim() }, requestId }, { onSuccess: () => { setText(''); setRequestId(crypto.randomUUID()); } });
  const assign = (username: string | null) => action.mutate({ action: { kind: 'assign', username }, requestId: crypto.randomUUID() });

  return (
    <Page title={t('ticket.title', { number: query.data?.number ?? '' })} actions={<Link to="/feedback">{t('ticket.back')}</Link>} testId="fb-ticket-page">
      <QueryState query={query}>
        {() => {
          const ticket = query.data!;
          const closed = ticket.status === 'closed';
          return (
            <div className="fb-ticket">
              <dl className="fb-facts">
                <dt>{t('queue.account')}</dt>
                <dd data-testid="fb-account">{ticket.account}</dd>
                <dt>{t('queue.type')}</dt>
                <dd>{t(`types.${ticket.questionType}`)}</dd>
                <dt>{t('ticket.contact')}</dt>
                <dd>{ticket.contact}</dd>
                <dt>{t('queue.status')}</dt>
                <dd><Badge tone={STATUS_TONE[ticket.status]} testId="fb-status-badge">{t(`status.${ticket.status}`)}</Badge></dd>
                <dt>{t('queue.assigned')}</dt>
                <dd data-testid="fb-assigned">{ticket.assignedTo ?? t('queue.nobody')}</dd>
              </dl>
              <div className="fb-assign">
                {me && ticket.assignedTo !== me ? <Button size="sm" variant="outline" onClick={() => assign(me)} data-testid="fb-assign-me">{t('ticket.assignMe')}</Button> : null}
                <TextField label={t('ticket.assignTo')} value={assignee} maxLength={64} onChange={(e) => setAssignee(e.target.value)} data-testid="fb-assignee" />
                <Button size="sm" variant="outline" disabled={!assignee.trim()} onClick={() => assign(assignee.trim())} data-testid="fb-assign">{t('ticket.assign')}</Button>
                {ticket.assignedTo ? <Button size="sm" variant="ghost" onClick={() => assign(null)}>{t('ticket.unassign')}</Button> : null}
              </div>
              <ol className="fb-thread" data-testid="fb-thread">
                <li className="fb-entry fb-entry--member">
                  <div className="fb-entry__head"><strong>{ticket.account}</strong> <span>{formatDateTime(ticket.createdAt, i18n.language)}</span></div>
                  <p>{ticket.content}</p>
                </li>
                {ticket.entries.map((entry) => (
                  <li key={`${entry.at}-${entry.kind}`} className={`fb-entry fb-entry--${entry.kind}`} data-testid={`fb-entry-${entry.kind}`}>
                    <div className="fb-entry__head"><strong>{entry.by}</strong> <span>{entry.kind === 'note' ? t('ticket.note') : t('ticket.reply')}</span> <span>{formatDateTime(entry.at, i18n.language)}</span></div>
                    <p>{entry.body}</p>
                  </li>
                ))}
              </ol>
              <TextBox label={t('ticket.text')} hint={t('ticket.textHint')} value={text} onChange={setText} rows={4} maxLength={FEEDBACK_REPLY_MAX} testId="fb-text" className="fb-text" />
              <ErrorLine error={action.error} testId="fb-action-error" />
              <div className="fb-actions">
                <Button variant="primary" disabled={closed || !text.trim() || action.isPending} onClick={() => run('reply')} data-testid="fb-reply">{t('ticket.sendReply')}</Button>
                <Button variant="outline" disabled={!text.trim() || action.isPending} onClick={() => run('notes')} data-testid="fb-note">{t('ticket.addNote')}</Button>
                {!closed ? <Button variant="ghost" disabled={action.isPending} onClick={() => action.mutate({ action: { kind: 'close' }, requestId: crypto.randomUUID() })} data-testid="fb-close">{t('ticket.close')}</Button> : null}
              </div>
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}
