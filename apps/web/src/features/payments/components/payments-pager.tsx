import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';

interface PaymentsPagerProps {
  pageNum: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
  disabled: boolean;
  /** Accessible name of the paging controls. */
  label: string;
  /** deposits → deposits-previous, deposits-page, deposits-next. */
  testIdPrefix: string;
}

/** Previous / next under a list, only when there is more than one page. */
export function PaymentsPager({ pageNum, totalPages, onPage, disabled, label, testIdPrefix }: PaymentsPagerProps) {
  const { t } = useTranslation('payments');
  if (totalPages <= 1) return null;
  return (
    <nav className="payments-pager" aria-label={label}>
      <Button variant="outline" size="sm" disabled={disabled || pageNum <= 1} onClick={() => onPage(pageNum - 1)} data-testid={`${testIdPrefix}-previous`}>
        {t('common.previous')}
      </Button>
      <span className="payments-pager__page" data-testid={`${testIdPrefix}-page`}>
        {t('common.page', { page: pageNum, pages: totalPages })}
      </span>
      <Button variant="outline" size="sm" disabled={disabled || pageNum >= totalPages} onClick={() => onPage(pageNum + 1)} data-testid={`${testIdPrefix}-next`}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
