import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, buttonClassName } from '@app/ui';
import { PROOF_CONTENT_TYPES, PROOF_MAX_BYTES, type Withdrawal } from '@app/contracts';
import { ApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { useUploadProof } from '../../api/payments.queries.ts';

/** The error code the server would answer for this file, or null when it may be sent. */
export function proofProblem(file: Pick<File, 'type' | 'size'>): 'payments.proof_type_invalid' | 'payments.proof_too_large' | null {
  if (!(PROOF_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'payments.proof_type_invalid';
  if (file.size > PROOF_MAX_BYTES) return 'payments.proof_too_large';
  return null;
}

/** Proof of receipt for a paid withdrawal: a PNG or JPEG up to 5 MB, checked here before upload. */
export function ProofUpload({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('payments');
  const errorMessage = useErrorMessage();
  const upload = useUploadProof();
  const inputId = useId();
  const hintId = useId();
  const [refusal, setRefusal] = useState<ApiError | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after fixing nothing) still reports.
    event.target.value = '';
    if (!file) return;
    const code = proofProblem(file);
    if (code) {
      upload.reset();
      setRefusal(new ApiError(400, code, code));
      return;
    }
    setRefusal(null);
    upload.mutate({ id: withdrawal.id, file });
  };

  const error = refusal ?? upload.error;
  return (
    <div className="proof" data-testid="proof">
      <input
        id={inputId}
        className="proof__input ui-visually-hidden"
        type="file"
        accept={PROOF_CONTENT_TYPES.join(',')}
        aria-describedby={hintId}
        disabled={upload.isPending}
        onChange={choose}
        data-testid="proof-input"
      />
      <label htmlFor={inputId} className={buttonClassName('outline', 'sm', upload.isPending ? 'proof__button is-disabled' : 'proof__button')}>
        {upload.isPending ? t('proof.uploading') : withdrawal.hasProof ? t('proof.replace') : t('proof.add')}
      </label>
      <span id={hintId} className="proof__hint">
        {t('proof.label')}
      </span>
      {withdrawal.hasProof && !upload.isPending && !error ? (
        <span className="proof__done" role="status" data-testid="proof-uploaded">
          {t('proof.uploaded')}
        </span>
      ) : null}
      {error ? <Alert data-testid="proof-error">{errorMessage(error)}</Alert> : null}
    </div>
  );
}
