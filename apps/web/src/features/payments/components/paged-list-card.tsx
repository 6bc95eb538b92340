import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@app/ui';
import { EmptyState, LoadFailed } from '../../wallet/index.ts';
import { PaymentsPager } from './payments-pager.tsx';

interface ListPage<Row> {
  content: Row[];
  pageNum: number;
  totalPages: number;
}

interface PagedListCardProps<Row> {
  query: UseQueryResult<ListPage<Row>>;
  onPage: (pageNo: number) => void;
  /** The card's own id: the heading is `${id}-title`; also its test id. */
  id: string;
  title: string;
  emptyText: string;
  pagingLabel: string;
  pagerTestIdPrefix: string;
  renderRow: (row: Row) => ReactNode;
}

/** A wallet card listing the member's payments a page at a time: empty note, pager, load failure and wait handled once. */
export function PagedListCard<Row>({ query, onPage, id, title, emptyText, pagingLabel, pagerTestIdPrefix, renderRow }: PagedListCardProps<Row>) {
  const { t } = useTranslation('common');
  const page = query.data;

  return (
    <section className="wallet-card" aria-labelledby={`${id}-title`} aria-busy={query.isFetching} data-testid={id}>
      <h3 id={`${id}-title`} className="wallet-card__title">
        {title}
      </h3>
      {page ? (
        <div className={query.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'}>
          {page.content.length === 0 ? (
            <EmptyState testId={`${id}-empty`}>{emptyText}</EmptyState>
          ) : (
            <ul className="card-stack">{page.content.map(renderRow)}</ul>
          )}
          <PaymentsPager
            pageNum={page.pageNum}
            totalPages={page.totalPages}
            onPage={onPage}
            disabled={query.isFetching}
            label={pagingLabel}
            testIdPrefix={pagerTestIdPrefix}
          />
        </div>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Spinner label={t('loading')} layout="block" />
      )}
    </section>
  );
}
