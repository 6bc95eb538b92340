import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEEDBACK_STATUSES, type FeedbackQueueItem } from '@app/contracts';
import { Checkbox, SelectField } from '@app/ui';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useFeedbackQueue, type QueueFilter } from './feedback.api.ts';
import './feedback.css';

const PAGE_SIZE = 30;
export const STATUS_TONE = { open: 'warn', answered: 'ok', closed: 'neutral' } as const;

/** Feedback and complaints (feedback.handle): open tickets first, oldest first; by status or assigned to me. */
export default function QueuePage() {
  const { t, i18n } = useTranslation('admin-feedback');
  const [filter, setFilter] = useState<QueueFilter>({ status: 'open', mine: false, page: 1 });
  const query = useFeedbackQueue(filter);
  const columns: Column<FeedbackQueueItem>[] = [
    { key: 'number', header: t('queue.number'), cell: (row) => <Link to={`/feedback/${row.id}`} data-testid={`fb-open-${row.id}`}>{row.number}</Link> },
    { key: 'at', header: t('queue.at'), cell: (row) => <span className="fb-nowrap">{formatDateTime(row.createdAt, i18n.language)}</span> },
    { key: 'account', header: t('queue.account'), cell: (row) => <strong>{row.account}</strong> },
    { key: 'type', header: t('queue.type'), cell: (row) => t(`types.${row.questionType}`) },
    { key: 'excerpt', header: t('queue.excerpt'), cell: (row) => <span className="fb-excerpt">{row.excerpt}</span> },
    { key: 'status', header: t('queue.status'), cell: (row) => <Badge tone={STATUS_TONE[row.status]}>{t(`status.${row.status}`)}</Badge> },
    { key: 'assigned', header: t('queue.assigned'), cell: (row) => row.assignedTo ?? t('queue.nobody') },
  ];
  return (
    <Page title={t('queue.title')} testId="fb-queue-page">
      <div className="bo-filters">
        <SelectField
          label={t('queue.status')}
          value={filter.status}
          onValueChange={(status) => setFilter({ ...filter, status, page: 1 })}
          options={[{ value: '', label: t('queue.allStatuses') }, ...FEEDBACK_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
          data-testid="fb-status"
        />
        <Checkbox label={t('queue.mine')} checked={filter.mine} onChange={(e) => setFilter({ ...filter, mine: e.target.checked, page: 1 })} data-testid="fb-mine" />
      </div>
      <QueryState query={query}>
        {() => (
          <>
            <DataTable rows={query.data?.tickets ?? []} columns={columns} rowKey={(row) => row.id} testId="fb-queue" empty={t('queue.empty')} />
            <Pager pageNo={filter.page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onPage={(page) => setFilter({ ...filter, page })} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
