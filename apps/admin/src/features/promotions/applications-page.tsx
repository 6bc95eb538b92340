import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationReviewItem } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useApplicationImage, useApplications, useDecision } from './promotions.api.ts';
import './promotions.css';

type State = ApplicationReviewItem['state'];

/** One application image, loaded behind the operator's token; opens full size in a new tab. */
function Thumb({ imageId, label }: { imageId: string; label: string }) {
  const url = useApplicationImage(imageId);
  return (
    <a className="pr-thumb" href={url ?? undefined} target="_blank" rel="noreferrer" data-testid="application-thumb">
      {url ? <img src={url} alt={label} /> : null}
    </a>
  );
}

/** Promotion applications (promotions.review): approve (issues the reward) or reject with a reason. */
export default function ApplicationsPage() {
  const { t, i18n } = useTranslation('admin-promotions');
  const [state, setState] = useState<State>('applying');
  const query = useApplications(state);
  const decide = useDecision();
  const [approving, setApproving] = useState<ApplicationReviewItem | null>(null);
  const [rejecting, setRejecting] = useState<ApplicationReviewItem | null>(null);
  const [reason, setReason] = useState('');

  const columns: Column<ApplicationReviewItem>[] = [
    { key: 'member', header: t('applications.columns.member'), cell: (row) => <strong>{row.account}</strong> },
    { key: 'promotion', header: t('applications.columns.promotion'), cell: (row) => row.promotionTitle },
    { key: 'comment', header: t('applications.columns.comment'), cell: (row) => <span className="pr-comment">{row.comment || '—'}</span> },
    {
      key: 'images',
      header: t('applications.columns.images'),
      cell: (row) => (
        <span className="pr-thumbs">
          {row.images.map((image, index) => (
            <Thumb key={image.id} imageId={image.id} label={t('applications.image', { n: index + 1 })} />
          ))}
        </span>
      ),
    },
    { key: 'submitted', header: t('applications.columns.submitted'), cell: (row) => <span className="bo-small">{formatDateTime(row.submittedAt, i18n.language)}</span> },
    {
      key: 'decision',
      header: t('applications.columns.decision'),
      cell: (row) =>
        row.state === 'applying' ? (
          <span className="bo-actions">
            <Button size="sm" onClick={() => { decide.reset(); setApproving(row); }} data-testid={`application-approve-${row.id}`}>
              {t('applications.approve')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => { decide.reset(); setReason(''); setRejecting(row); }} data-testid={`application-reject-${row.id}`}>
              {t('applications.reject')}
            </Button>
          </span>
        ) : (
          <span className="bo-small">
            <Badge tone={row.state === 'approved' ? 'ok' : 'neutral'}>{t(`applications.state.${row.state}`)}</Badge> {row.decidedBy ? t('applications.decidedBy', { operator: row.decidedBy }) : null}
            {row.reason ? <><br />{row.reason}</> : null}
          </span>
        ),
    },
  ];

  return (
    <Page title={t('applications.title')} testId="applications-page">
      <p className="bo-muted">{t('applications.explain')}</p>
      <div className="bo-filters">
        <SelectField
          label={t('columns.status')}
          value={state}
          onValueChange={setState}
          options={(['applying', 'approved', 'rejected'] as const).map((value) => ({ value, label: t(`applications.state.${value}`) }))}
          data-testid="applications-state"
        />
      </div>
      <QueryState query={query}>{() => <DataTable rows={query.data?.list ?? []} columns={columns} rowKey={(row) => row.id} testId="applications" empty={t('applications.empty')} />}</QueryState>
      {approving ? (
        <ActionDialog
          title={t('applications.approveTitle', { account: approving.account })}
          testId="application-approve-dialog"
          onClose={() => setApproving(null)}
          action={
            <Button disabled={decide.isPending} onClick={() => decide.mutate({ id: approving.id, decision: { decision: 'approve' } }, { onSuccess: () => setApproving(null) })} data-testid="application-approve-confirm">
              {t('applications.approve')}
            </Button>
          }
        >
          <p>{t('applications.approveMessage', { promotion: approving.promotionTitle, account: approving.account })}</p>
          <ErrorLine error={decide.error} testId="application-approve-error" />
        </ActionDialog>
      ) : null}
      {rejecting ? (
        <ActionDialog
          title={t('applications.rejectTitle', { account: rejecting.account })}
          testId="application-reject-dialog"
          onClose={() => setRejecting(null)}
          action={
            <Button disabled={decide.isPending || reason.trim() === ''} onClick={() => decide.mutate({ id: rejecting.id, decision: { decision: 'reject', reason } }, { onSuccess: () => setRejecting(null) })} data-testid="application-reject-confirm">
              {t('applications.reject')}
            </Button>
          }
        >
          <TextField label={t('applications.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} autoFocus data-testid="application-reject-reason" />
          <ErrorLine error={decide.error} testId="application-reject-error" />
        </ActionDialog>
      ) : null}
    </Page>
  );
}
