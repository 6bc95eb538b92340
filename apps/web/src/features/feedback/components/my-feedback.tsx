import { useTranslation } from 'react-i18next';
import { Alert, formatDateTime, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useMyFeedback } from '../api/feedback.api.ts';

/** The member's latest tickets with their status and the operators' replies (internal notes never reach here). */
export function MyFeedback() {
  const { t, i18n } = useTranslation('feedback');
  const errorMessage = useErrorMessage();
  const tickets = useMyFeedback(true);
  if (tickets.isPending) return <Spinner label={t('loading')} />;
  if (tickets.error) return <Alert tone="error">{errorMessage(tickets.error)}</Alert>;
  if (tickets.data.tickets.length === 0) return <p data-testid="my-feedback-empty">{t('empty')}</p>;
  return (
    <ul className="my-feedback" data-testid="my-feedback">
      {tickets.data.tickets.map((ticket) => (
        <li key={ticket.id} className="my-feedback__item" data-testid="my-feedback-item">
          <div className="my-feedback__head">
            <strong>{ticket.number}</strong>
            <span>{t(`types.${ticket.questionType}`)}</span>
            <span className={`my-feedback__status is-${ticket.status}`} data-testid="my-feedback-status">
              {t(`status.${ticket.status}`)}
            </span>
            <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt, i18n.language)}</time>
          </div>
          <p className="my-feedback__content">{ticket.content}</p>
          {ticket.replies.map((reply) => (
            <div key={reply.at} className="my-feedback__reply">
              <span>{t('reply')}</span>
              <p>{reply.body}</p>
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}
