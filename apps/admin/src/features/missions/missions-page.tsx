import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminMission } from '@app/contracts';
import { Button, ConfirmDialog } from '@app/ui';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDate, formatMoney } from '../../shared/format.ts';
import { useDeactivateMission, useMissions } from './missions.api.ts';
import { MissionEditor } from './mission-editor.tsx';
import './missions.css';

/** Missions (promotions.manage): the list with this period's completions and claims, create, edit and deactivate. */
export default function MissionsPage() {
  const { t, i18n } = useTranslation(['admin-missions', 'admin']);
  const query = useMissions();
  const deactivate = useDeactivateMission();
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<AdminMission | null>(null);
  const title = (row: AdminMission) => (i18n.language === 'en' ? row.titleEn : row.titlePt);
  const day = (date: string) => formatDate(`${date}T12:00:00Z`, i18n.language);
  const target = (row: AdminMission) => (row.goal === 'valid_bet' || row.goal === 'deposits' ? formatMoney(row.target, i18n.language) : row.target);

  const columns: Column<AdminMission>[] = [
    {
      key: 'mission',
      header: t('columns.mission'),
      cell: (row) => (
        <span className="ms-title">
          <strong data-testid={`mission-title-${row.id}`}>{row.titlePt}</strong>
          <br />
          <span className="bo-small bo-muted">{row.titleEn}</span>
        </span>
      ),
    },
    {
      key: 'kind',
      header: t('columns.kind'),
      cell: (row) => (
        <span className="ms-nowrap">
          {t(`kinds.${row.kind}`)}
          {row.kind === 'one_off' && row.startsOn && row.endsOn ? (
            <>
              <br />
              <span className="bo-small bo-muted">{t('dates', { start: day(row.startsOn), end: day(row.endsOn) })}</span>
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'goal',
      header: t('columns.goal'),
      cell: (row) => (
        <span className="ms-nowrap">
          {t(`goals.${row.goal}`)}: {target(row)}
          {row.goal === 'valid_bet' || row.goal === 'games_played' ? (
            <>
              <br />
              <span className="bo-small bo-muted">{t(`products.${row.productType ?? 'any'}`)}</span>
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'reward',
      header: t('columns.reward'),
      cell: (row) => <span className="ms-reward">{row.reward.kind === 'bonus' ? t('reward.bonus', { amount: formatMoney(row.reward.amount, i18n.language), multiple: row.reward.wageringMultiple }) : t('reward.points', { amount: row.reward.amount })}</span>,
    },
    { key: 'now', header: t('columns.now'), cell: (row) => <span title={t('nowHint')} data-testid={`mission-now-${row.id}`}>{`${row.completedNow} / ${row.claimedNow}`}</span>, numeric: true },
    { key: 'status', header: t('columns.status'), cell: (row) => <Badge tone={row.active ? 'ok' : 'neutral'} testId={`mission-active-${row.id}`}>{row.active ? t('active') : t('inactive')}</Badge> },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (row) => (
        <span className="bo-actions ms-actions">
          <Button size="sm" variant="outline" onClick={() => setEditing(row)} data-testid={`mission-edit-${row.id}`}>
            {t('edit')}
          </Button>
          {row.active ? (
            <Button size="sm" variant="outline" onClick={() => setDeactivating(row)} data-testid={`mission-deactivate-${row.id}`}>
              {t('deactivate')}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <Page
      title={t('title')}
      testId="missions-page"
      actions={
        <Button onClick={() => setEditing('new')} data-testid="mission-new">
          {t('new')}
        </Button>
      }
    >
      <p className="bo-muted">{t('explain')}</p>
      <ErrorLine error={deactivate.error} testId="mission-deactivate-error" />
      <QueryState query={query}>{() => <DataTable rows={query.data?.missions ?? []} columns={columns} rowKey={(row) => row.id} testId="missions" empty={t('empty')} />}</QueryState>
      {editing ? <MissionEditor mission={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deactivating !== null}
        title={t('deactivateTitle')}
        message={deactivating ? t('deactivateText', { title: title(deactivating) }) : ''}
        confirmLabel={t('deactivateConfirm')}
        cancelLabel={t('admin:common.cancel')}
        closeLabel={t('admin:common.close')}
        busy={deactivate.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && deactivate.mutate(deactivating.id, { onSettled: () => setDeactivating(null) })}
        testId="mission-deactivate-dialog"
      />
    </Page>
  );
}
