import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable as SharedDataTable, Pager as SharedPager, type Column, type DataTableProps, type PagerLabels, type PagerProps } from '@app/ui';

export type { Column };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** @app/ui's table with the console's "nothing here" text unless the page has its own. */
export function DataTable<Row>({ empty, ...props }: Omit<DataTableProps<Row>, 'empty'> & { empty?: string }) {
  const { t } = useTranslation('admin');
  return <SharedDataTable {...props} empty={empty ?? t('common.empty')} />;
}

/** @app/ui's pager in the console's words. */
export function Pager(props: DistributiveOmit<PagerProps, 'labels'>) {
  const { t } = useTranslation('admin');
  const labels: PagerLabels = { pages: t('common.pages'), previous: t('common.previous'), next: t('common.next'), position: (page, pages, total) => t('common.pageOf', { page, pages, total }) };
  return <SharedPager {...props} labels={labels} />;
}

/** A status word in a coloured pill: `tone` picks the colour. */
export function Badge({ tone, children, testId }: { tone: 'ok' | 'warn' | 'bad' | 'neutral'; children: ReactNode; testId?: string }) {
  return (
    <span className={`bo-badge bo-badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
