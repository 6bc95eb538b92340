import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import type { TransactionPage } from '@app/contracts';

/** Count of lines found and, when there is more than one page, previous / next. */
export function HistoryPager({ page, onPage, disabled }: { page: TransactionPage; onPage: (pageNo: number) => void; disabled: boolean }) {
  const { t } = useTranslation('wallet');
  const pages = Math.max(page.totalPages, 1);
  // "0 entries" under the empty state would only repeat it.
  if (page.total === 0) return null;
  return (
    <nav className="history-pager" aria-label={t('history.pagingLabel')}>
      <span className="history-pager__total" data-testid="history-total">
        {t('history.total', { count: page.total })}
      </span>
      {pages > 1 ? (
        <div className="history-pager__controls">
          <Button variant="outline" size="sm" disabled={disabled || page.pageNum <= 1} onClick={() => onPage(page.pageNum - 1)} data-testid="history-previous">
            {t('history.previous')}
          </Button>
          <span className="history-pager__page" data-testid="history-page">
            {t('history.page', { page: page.pageNum, pages })}
          </span>
          <Button variant="outline" size="sm" disabled={disabled || page.pageNum >= pages} onClick={() => onPage(page.pageNum + 1)} data-testid="history-next">
            {t('history.next')}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
