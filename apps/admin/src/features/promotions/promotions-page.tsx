import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPromotion, PromotionStatus } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { usePromotionList, useSetStatus } from './promotions.api.ts';
import { PromotionEditor } from './promotion-editor.tsx';
import { CostReport } from './cost-report.tsx';
import './promotions.css';

const TONE: Record<PromotionStatus, 'ok' | 'warn' | 'neutral'> = { active: 'ok', paused: 'warn', ended: 'neutral' };

/** Promotions (promotions.manage): the engine's definitions; create, edit, pause, resume, end. */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation('admin-promotions');
  const query = usePromotionList();
  const setStatus = useSetStatus();
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const [ending, setEnding] = useState<AdminPromotion | null>(null);
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('noEnd'));

  const columns: Column<AdminPromotion>[] = [
    { key: 'title', header: t('columns.title'), cell: (row) => <strong data-testid={`promotion-row-${row.id}`}>{row.texts[i18n.language === 'en' ? 'en' : 'pt'].title}</strong> },
    { key: 'type', header: t('columns.type'), cell: (row) => t(`type.${row.type}`) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <Badge tone={TONE[row.status]} testId={`promotion-status-${row.id}`}>
          {row.status === 'active' && new Date(row.startsAt) > new Date() ? t('status.comingSoon') : t(`status.${row.status}`)}
        </Badge>
      ),
    },
    { key: 'schedule', header: t('columns.schedule'), cell: (row) => <span className="bo-small pr-nowrap">{when(row.startsAt)}<br />→ {when(row.endsAt)}</span> },
    { key: 'budget', header: t('columns.budget'), cell: (row) => <span className="bo-small pr-nowrap">{money(row.spent)}<br />/ {money(row.budget)}</span> },
    { key: 'pending', header: t('columns.pending'), cell: (row) => (row.type === 'application' ? String(row.pendingApplications) : '—') },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (row) =>
        row.status === 'ended' ? null : (
          <span className="bo-actions">
            <Button size="sm" variant="outline" onClick={() => setEditing(row)} data-testid={`promotion-edit-${row.id}`}>
              {t('actions.edit')}
            </Button>
            <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: row.id, status: row.status === 'active' ? 'paused' : 'active' })} data-testid={`promotion-toggle-${row.id}`}>
              {row.status === 'active' ? t('actions.pause') : t('actions.resume')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEnding(row)} data-testid={`promotion-end-${row.id}`}>
              {t('actions.end')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <Page
      title={t('title')}
      testId="promotions-page"
      actions={
        <Button onClick={() => setEditing('new')} data-testid="promotion-new">
          {t('new')}
        </Button>
      }
    >
      <p className="bo-muted">{t('explain')}</p>
      <QueryState query={query}>
        {() => (
          <>
            {query.data && !query.data.restrictedTypesAllowed ? <Alert tone="info">{t('restrictedOff')}</Alert> : null}
            <ErrorLine error={setStatus.error} testId="promotion-status-error" />
            <DataTable rows={query.data?.list ?? []} columns={columns} rowKey={(row) => row.id} testId="promotions" empty={t('empty')} />
          </>
        )}
      </QueryState>
      <CostReport />
      {editing ? <PromotionEditor promotion={editing === 'new' ? null : editing} restrictedTypesAllowed={query.data?.restrictedTypesAllowed ?? false} onClose={() => setEditing(null)} /> : null}
      {ending ? (
        <ActionDialog
          title={t('endTitle', { title: ending.texts.pt.title })}
          testId="promotion-end-dialog"
          onClose={() => setEnding(null)}
          action={
            <Button disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: ending.id, status: 'ended' }, { onSuccess: () => setEnding(null) })} data-testid="promotion-end-confirm">
              {t('actions.end')}
            </Button>
          }
        >
          <p>{t('endMessage')}</p>
        </ActionDialog>
      ) : null}
    </Page>
  );
}
