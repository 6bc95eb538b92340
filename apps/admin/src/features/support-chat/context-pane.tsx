import { useTranslation } from 'react-i18next';
import type { SupportAdminConversation } from '@app/contracts';
import { QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useContext } from './support.api.ts';

/** The member's balance (cash / bonus), last deposits and open withdrawals, beside the conversation. */
export function ContextPane({ conversation }: { conversation: SupportAdminConversation }) {
  const { t, i18n } = useTranslation('admin-support');
  const context = useContext(conversation.id);
  return (
    <div className="sc-context__body" data-testid="sc-context">
      <h2 className="sc-section__title">{t('context.title')}</h2>
      <QueryState query={context}>
        {() =>
          context.data?.kind === 'visitor' ? (
            <>
              <p className="sc-muted">{t('context.visitor')}</p>
              {conversation.party.contact ? (
                <p>
                  {t('context.contact')}: {conversation.party.contact}
                </p>
              ) : null}
            </>
          ) : (
            <dl className="sc-facts">
              <dt>{t('context.account')}</dt>
              <dd data-testid="sc-context-account">{context.data?.account}</dd>
              <dt>{t('context.cash')}</dt>
              <dd data-testid="sc-context-cash">{formatMoney(context.data?.balance?.cash ?? '0.00', i18n.language)}</dd>
              <dt>{t('context.bonus')}</dt>
              <dd>{formatMoney(context.data?.balance?.bonus ?? '0.00', i18n.language)}</dd>
              <dt>{t('context.deposits')}</dt>
              <dd>
                <Lines rows={context.data?.deposits ?? []} />
              </dd>
              <dt>{t('context.withdrawals')}</dt>
              <dd>
                <Lines rows={context.data?.withdrawals ?? []} />
              </dd>
            </dl>
          )
        }
      </QueryState>
    </div>
  );
}

function Lines({ rows }: { rows: { id: string; amount: string; status: string; at: string }[] }) {
  const { t, i18n } = useTranslation('admin-support');
  if (rows.length === 0) return <span className="sc-muted">{t('context.none')}</span>;
  return (
    <ul className="sc-lines">
      {rows.map((row) => (
        <li key={row.id}>
          {formatMoney(row.amount, i18n.language)} · {row.status} · <span className="sc-muted">{formatDateTime(row.at, i18n.language)}</span>
        </li>
      ))}
    </ul>
  );
}
