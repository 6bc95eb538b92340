import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, SelectField, Spinner } from '@app/ui';
import { intlLocaleOf } from '@app/i18n';
import { KYC_DOCUMENT_TYPES, kycSlotsFor, KYC_MAX_FILE_BYTES, type KycDocumentType, type KycSlot, type KycStatus } from '@app/contracts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useKycMutations, useKycStatus } from '../kyc.api.ts';
import './kyc.css';

const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

/** /kyc: the member's identity verification (issue 27): state, last refusal, document and selfie upload. */
export function KycPage() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const status = useKycStatus();
  if (!status.data) return <Spinner label={t('common:loading')} layout="block" />;
  const data = status.data;
  return (
    <div className="kyc-page" data-testid="kyc-page">
      <h1 className="kyc-page__title">{t('account:kyc.title')}</h1>
      <p className="kyc-page__intro">{t('account:kyc.intro', { threshold: formatMoney(data.withdrawalThreshold, currentLanguage(i18n)) })}</p>
      <StateBanner status={data} />
      {data.state === 'unverified' || data.state === 'rejected' ? <UploadCard status={data} /> : null}
    </div>
  );
}

function StateBanner({ status }: { status: KycStatus }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const at = (iso: string | null) => (iso ? new Intl.DateTimeFormat(intlLocaleOf(currentLanguage(i18n)), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '');
  return (
    <section className={`kyc-state kyc-state--${status.state}`} data-testid="kyc-state" data-state={status.state} aria-live="polite">
      <span className="kyc-state__label">{t(`account:kyc.state.${status.state}`)}</span>
      <p>{t(`account:kyc.stateHint.${status.state}`, { at: at(status.state === 'pending' ? status.submittedAt : status.decidedAt) })}</p>
      {status.state === 'rejected' && status.rejectReason ? (
        <p data-testid="kyc-reject-reason">
          <strong>{t('account:kyc.reasonLabel')}</strong> {t(`account:kyc.reasons.${status.rejectReason}`)}
          {status.rejectNote ? <span data-testid="kyc-reject-note"> — {status.rejectNote}</span> : null}
        </p>
      ) : null}
    </section>
  );
}

function UploadCard({ status }: { status: KycStatus }) {
  const { t } = useTranslation(['account', 'common']);
  const [documentType, setDocumentType] = useState<KycDocumentType>(status.documentType ?? 'rg');
  const { submit } = useKycMutations();
  const errorMessage = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const slots = kycSlotsFor(documentType);
  const ready = slots.every((slot) => status.draft.some((file) => file.slot === slot));
  return (
    <section className="kyc-card" aria-labelledby="kyc-upload-title" data-testid="kyc-upload">
      <h2 id="kyc-upload-title" className="kyc-card__title">
        {t('account:kyc.uploadTitle')}
      </h2>
      <ul className="kyc-rules">
        <li>{t('account:kyc.rules.types')}</li>
        <li>{t('account:kyc.rules.legible')}</li>
        <li>{t('account:kyc.rules.selfie')}</li>
      </ul>
      <SelectField
        label={t('account:kyc.documentType')}
        value={documentType}
        options={KYC_DOCUMENT_TYPES.map((value) => ({ value, label: t(`account:kyc.documentTypes.${value}`) }))}
        onValueChange={setDocumentType}
        data-testid="kyc-document-type"
      />
      <div className="kyc-slots">
        {slots.map((slot) => (
          <SlotField key={slot} slot={slot} documentType={documentType} status={status} onError={setError} />
        ))}
      </div>
      {error ? <Alert data-testid="kyc-error">{error}</Alert> : null}
      <Button
        disabled={!ready || submit.isPending}
        onClick={() => {
          setError(null);
          submit.mutate(documentType, { onError: (failure) => setError(errorMessage(failure)) });
        }}
        data-testid="kyc-submit"
      >
        {submit.isPending ? t('account:kyc.submitting') : t('account:kyc.submit')}
      </Button>
      {!ready ? <p className="kyc-card__hint">{t('account:kyc.missingHint')}</p> : null}
    </section>
  );
}

function SlotField({ slot, documentType, status, onError }: { slot: KycSlot; documentType: KycDocumentType; status: KycStatus; onError: (text: string | null) => void }) {
  const { t } = useTranslation(['account', 'common']);
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove } = useKycMutations();
  const errorMessage = useErrorMessage();
  const file = status.draft.find((item) => item.slot === slot);
  const label = slot === 'document_front' && documentType === 'passport' ? t('account:kyc.slots.passport_page') : t(`account:kyc.slots.${slot}`);
  const id = `kyc-file-${slot}`;
  return (
    <div className={`kyc-slot${file ? ' kyc-slot--done' : ''}`} data-testid={`kyc-slot-${slot}`}>
      <label className="kyc-slot__title" htmlFor={id}>
        {label}
      </label>
      <span className="kyc-slot__file" data-testid={`kyc-slot-${slot}-file`}>
        {file ? t('account:kyc.fileReady', { name: file.fileName, size: file.size >= 1_048_576 ? `${(file.size / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(file.size / 1024))} KB` }) : t('account:kyc.noFile')}
      </span>
      <input
        ref={input}
        id={id}
        className="kyc-slot__input"
        type="file"
        accept={ACCEPT}
        data-testid={`kyc-input-${slot}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          onError(null);
          // Checked here for a quick answer; the server checks the bytes again.
          if (chosen.size === 0) {
            onError(t('account:kyc.clientEmpty'));
            return;
          }
          if (chosen.size > KYC_MAX_FILE_BYTES) {
            onError(t('account:kyc.clientTooLarge'));
            return;
          }
          upload.mutate({ slot, file: chosen }, { onError: (failure) => onError(errorMessage(failure)) });
        }}
      />
      <div className="kyc-slot__actions">
        <Button variant="outline" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()} data-testid={`kyc-choose-${slot}`}>
          {upload.isPending && upload.variables?.slot === slot ? t('account:kyc.uploading') : file ? t('account:kyc.replace') : t('account:kyc.choose')}
        </Button>
        {file ? (
          <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(slot)} data-testid={`kyc-remove-${slot}`}>
            {t('account:kyc.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export default KycPage;
