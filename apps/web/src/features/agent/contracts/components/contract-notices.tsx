import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AgentNotice, ContractKind } from '@app/contracts';
import { Button } from '@app/ui';
import { useSession } from '../../../account/index.ts';
import { TitledCard } from '../../../wallet/index.ts';
import { contractKeys, contractNoticesQueryOptions, useMarkNoticesRead } from '../api/contracts.queries.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import './contract-notices.css';

/**
 * Notices about the agent's contracts of one kind changed without its doing (an operator grant
 * replacing an upline's offer, a contract ended with its payer's) and who pays from then on. Shown
 * only when there is one; kept by the agents module until platform messages exist (issue 26).
 */
export function ContractNotices({ kind, format }: { kind: ContractKind; format: ContractFormat }) {
  const { t } = useTranslation('contracts');
  const { token } = useSession();
  const notices = useQuery(contractNoticesQueryOptions(token, kind));
  const markRead = useMarkNoticesRead();
  const queryClient = useQueryClient();
  const unreadNow = notices.data?.unread ?? 0;
  // An unread notice means the contracts changed since the page may have loaded them: look again.
  useEffect(() => {
    if (unreadNow > 0) void queryClient.invalidateQueries({ queryKey: contractKeys.overview(token, kind) });
  }, [unreadNow, queryClient, token, kind]);
  const list = notices.data?.notices ?? [];
  if (list.length === 0) return null;
  const text = (notice: AgentNotice) =>
    t(`ownership.items.${notice.kind}`, { kind: t(`kinds.${notice.contractKind}`), upline: notice.upline ?? '', downline: notice.downline ?? '', downlines: notice.downlines.join(', ') });

  return (
    <TitledCard level={2} titleId="contract-notices-title" title={t('ownership.title')} hint={t('ownership.hint')} testId="contract-notices" className="contract-notices">
      {unreadNow > 0 ? (
        <div className="contract-notices__bar">
          <span className="contract-badge contract-badge--wait" data-testid="notices-unread">
            {t('ownership.unread', { count: unreadNow })}
          </span>
          <Button variant="outline" size="sm" disabled={markRead.isPending} onClick={() => markRead.mutate(kind)} data-testid="notices-mark-read">
            {t('ownership.markRead')}
          </Button>
        </div>
      ) : null}
      <ul className="contract-notices__list">
        {list.map((notice) => (
          <li key={notice.id} className={notice.read ? 'contract-notice' : 'contract-notice is-unread'} data-testid="contract-notice" data-kind={notice.kind}>
            <p className="contract-notice__text">{text(notice)}</p>
            <span className="contract-notice__time">
              {format.dateTime(notice.createdAt)}
              {notice.read ? null : <strong className="contract-notice__new"> · {t('ownership.new')}</strong>}
            </span>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
