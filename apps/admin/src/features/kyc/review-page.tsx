import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { KYC_REJECT_REASONS, type KycRejectReason, type KycSubmission } from '@app/contracts';
import { Button, SelectField } from '@app/ui';
import { fetchBlob } from '../../shared/api.ts';
import { Badge } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { kycFilePath, useDecideKyc, useKycSubmission } from './kyc.api.ts';
import { KYC_TONES } from './queue-page.tsx';
import './kyc.css';

/** One submission: the member's declared name and birthday beside the document and selfie; approve or reject with a reason. */
export default function KycReviewPage() {
  const { t, i18n } = useTranslation('admin-kyc');
  const id = useParams().id ?? '';
  const query = useKycSubmission(id);
  return (
    <Page title={t('review.title')} actions={<Link to="/kyc">{t('review.back')}</Link>} testId="kyc-review-page">
      <QueryState query={query}>
        {() => {
          const submission = query.data!;
          return (
            <div className="kyc-review">
              <dl className="kyc-facts">
                <dt>{t('queue.member')}</dt>
                <dd data-testid="kyc-member">{submission.member}</dd>
                <dt>{t('review.name')}</dt>
                <dd data-testid="kyc-name">{submission.payeeName ?? '—'}</dd>
                <dt>{t('review.birthday')}</dt>
                <dd data-testid="kyc-birthday">{submission.birthday ?? '—'}</dd>
                <dt>{t('queue.document')}</dt>
                <dd>{t(`documentTypes.${submission.documentType}`)}</dd>
                <dt>{t('queue.submitted')}</dt>
                <dd>{formatDateTime(submission.submittedAt, i18n.language)}</dd>
                <dt>{t('queue.provider')}</dt>
                <dd>{submission.providerDecision ? t(`provider.${submission.providerDecision}`) : '—'}</dd>
                <dt>{t('queue.status')}</dt>
                <dd>
                  <Badge tone={KYC_TONES[submission.status]} testId="kyc-review-status">
                    {t(`status.${submission.status}`)}
                  </Badge>
                  {submission.rejectReason ? ` ${t(`reasons.${submission.rejectReason}`)}${submission.rejectNote ? ` — ${submission.rejectNote}` : ''}` : ''}
                </dd>
              </dl>
              <p className="bo-muted">{t('review.compare')}</p>
              <div className="kyc-files">
                {submission.files.map((file) => (
                  <FileView key={file.id} submissionId={submission.id} file={file} />
                ))}
              </div>
              {submission.status === 'pending' ? <Decide submission={submission} /> : null}
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}

/** A file read behind the operator's token: an image shown, a PDF in a frame (and a link to open it). */
function FileView({ submissionId, file }: { submissionId: string; file: KycSubmission['files'][number] }) {
  const { t } = useTranslation('admin-kyc');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchBlob(kycFilePath(submissionId, file.id), controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(new Blob([blob], { type: file.contentType }));
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [submissionId, file.id, file.contentType]);
  const label = t(`slots.${file.slot}`);
  return (
    <figure className="kyc-file" data-testid={`kyc-file-${file.slot}`}>
      <figcaption className="kyc-file__title">{label}</figcaption>
      <span className="kyc-file__meta">
        {file.fileName} · {file.contentType} · {Math.max(1, Math.round(file.size / 1024))} KB
      </span>
      {url === null ? (
        <span className="bo-muted">{t('review.loading')}</span>
      ) : file.contentType === 'application/pdf' ? (
        // Browsers show a PDF in their own viewer, in a tab of its own (an object URL of the checked bytes).
        <a className="kyc-file__pdf" href={url} target="_blank" rel="noopener noreferrer" data-testid={`kyc-pdf-${file.slot}`}>
          {t('review.openPdf')}
        </a>
      ) : (
        <a href={url} target="_blank" rel="noopener noreferrer">
          <img className="kyc-file__image" src={url} alt={label} data-testid={`kyc-image-${file.slot}`} />
        </a>
      )}
    </figure>
  );
}

function Decide({ submission }: { submission: KycSubmission }) {
  const { t } = useTranslation('admin-kyc');
  const decide = useDecideKyc(submission.id);
  const [reason, setReason] = useState<KycRejectReason>('document_unreadable');
  const [note, setNote] = useState('');
  return (
    <section className="kyc-decide" aria-label={t('review.decide')}>
      <h2 className="bo-section-title">{t('review.decide')}</h2>
      <div className="kyc-decide__actions">
        <Button disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'approve' })} data-testid="kyc-approve">
          {t('review.approve')}
        </Button>
      </div>
      <SelectField label={t('review.reason')} value={reason} onValueChange={setReason} options={KYC_REJECT_REASONS.map((value) => ({ value, label: t(`reasons.${value}`) }))} data-testid="kyc-reason" />
      <TextBox label={t('review.note')} hint={t('review.noteHint')} value={note} onChange={setNote} rows={3} maxLength={500} testId="kyc-note" className="kyc-note" />
      <div className="kyc-decide__actions">
        <Button variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'reject', reason, note: note.trim() || undefined })} data-testid="kyc-reject">
          {t('review.reject')}
        </Button>
      </div>
      <ErrorLine error={decide.error} testId="kyc-decision-error" />
    </section>
  );
}
