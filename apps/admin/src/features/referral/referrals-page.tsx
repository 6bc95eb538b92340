import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERRAL_STATUSES, type AdminReferralRow, type ReferralStatus } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useDecideReferral, useReferrals, type ReferralFilter } from './referral.api.ts';
import './referral.css';

const TONES: Record<ReferralStatus, 'ok' | 'warn' | 'bad' | 'neutral'> = { pending: 'neutral', paid: 'ok', flagged: 'warn', rejected: 'bad', capped: 'neutral', expired: 'neutral' };

/** Referrals (referral.review): every referee by status and referrer, and the flagged queue with release or reject. */
export default function ReferralsPage() {
  const { t } = useTranslation('admin-referral');
  const [filter, setFilter] = useState<ReferralFilter>({ status: 'flagged', referrer: '', page: 1 });
  const [referrer, setReferrer] = useState('');
  const [deciding, setDeciding] = useState<{ row: AdminReferralRow; decision: 'release' | 'reject' } | null>(null);
  const query = useReferrals(filter);
  return (
    <Page title={t('list.title')} testId="referrals-page">
      <p className="bo-muted">{t('list.explain')}</p>
      <form
        className="referral-admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...filter, referrer, page: 1 });
        }}
      >
        <SelectField
          label={t('list.status')}
          value={filter.status}
          onValueChange={(status) => setFilter({ ...filter, status, page: 1 })}
          options={[{ value: '' as const, label: t('list.all') }, ...REFERRAL_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))]}
          data-testid="referrals-status"
        />
        <TextField label={t('list.referrer')} value={referrer} maxLength={40} onChange={(event) => setReferrer(event.target.value)} data-testid="referrals-referrer" />
        <Button type="submit" variant="outline" data-testid="referrals-search">
          {t('list.search')}
        </Button>
      </form>
      <QueryState query={query}>
        {() => (
          <>
            <Table rows={query.data?.content ?? []} onDecide={(row, decision) => setDeciding({ row, decision })} />
            {query.data ? <Pager pageNo={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPage={(page) => setFilter({ ...filter, page })} /> : null}
          </>
        )}
      </QueryState>
      {deciding ? <DecisionDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    </Page>
  );
}

function Table({ rows, onDecide }: { rows: AdminReferralRow[]; onDecide: (row: AdminReferralRow, decision: 'release' | 'reject') => void }) {
  const { t, i18n } = useTranslation('admin-referral');
  const columns: Column<AdminReferralRow>[] = [
    { key: 'referee', header: t('list.columns.referee'), cell: (row) => <strong className="referral-admin-nowrap">{row.referee}</strong> },
    { key: 'referrer', header: t('list.columns.referrer'), cell: (row) => <span className="referral-admin-nowrap">{row.referrer}</span> },
    { key: 'registered', header: t('list.columns.registered'), cell: (row) => <span className="bo-small referral-admin-nowrap">{formatDateTime(row.registeredAt, i18n.language)}<br />{row.registrationIp}</span> },
    { key: 'status', header: t('list.columns.status'), cell: (row) => <Badge tone={TONES[row.status]} testId={`referral-status-${row.refereeId}`}>{t(`statuses.${row.status}`)}</Badge> },
    {
      key: 'reasons',
      header: t('list.columns.reasons'),
      cell: (row) => (
        <span className="referral-admin-reasons" data-testid={`referral-reasons-${row.refereeId}`}>
          {row.flagReasons.length === 0 ? '—' : row.flagReasons.map((reason) => <Badge key={reason} tone="warn">{t(`reasons.${reason}`)}</Badge>)}
        </span>
      ),
    },
    { key: 'reward', header: t('list.columns.reward'), cell: (row) => (row.reward === null ? '—' : formatMoney(row.reward, i18n.language)) },
    { key: 'decided', header: t('list.columns.decided'), cell: (row) => (row.decidedBy ? <span className="bo-small">{row.decidedBy}<br />{formatDateTime(row.decidedAt, i18n.language)}</span> : '—') },
    {
      key: 'actions',
      header: t('list.columns.actions'),
      cell: (row) =>
        row.status === 'flagged' ? (
          <span className="bo-actions referral-admin-nowrap">
            <Button size="sm" onClick={() => onDecide(row, 'release')} data-testid={`referral-release-${row.refereeId}`}>
              {t('decide.release')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onDecide(row, 'reject')} data-testid={`referral-reject-${row.refereeId}`}>
              {t('decide.reject')}
            </Button>
          </span>
        ) : null,
    },
  ];
  return <DataTable rows={rows} columns={columns} rowKey={(row) => row.refereeId} testId="referrals-table" empty={t('list.empty')} />;
}

function DecisionDialog({ row, decision, onClose }: { row: AdminReferralRow; decision: 'release' | 'reject'; onClose: () => void }) {
  const { t } = useTranslation('admin-referral');
  const decide = useDecideReferral();
  return (
    <ActionDialog
      title={t(decision === 'release' ? 'decide.releaseTitle' : 'decide.rejectTitle')}
      testId="referral-decision"
      onClose={onClose}
      cancelDisabled={decide.isPending}
      action={
        <Button variant={decision === 'release' ? 'primary' : 'outline'} disabled={decide.isPending} onClick={() => decide.mutate({ refereeId: row.refereeId, decision }, { onSuccess: onClose })} data-testid="referral-decision-confirm">
          {t(decision === 'release' ? 'decide.release' : 'decide.reject')}
        </Button>
      }
    >
      <p>{t(decision === 'release' ? 'decide.releaseText' : 'decide.rejectText', { referee: row.referee, referrer: row.referrer })}</p>
      <ErrorLine error={decide.error} testId="referral-decision-error" />
    </ActionDialog>
  );
}
