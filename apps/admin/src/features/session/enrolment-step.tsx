import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OperatorAuthenticatedSchema, TotpEnrolmentResponseSchema } from '@app/contracts';
import { Button, Checkbox, TextField } from '@app/ui';
import { api } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';

/**
 * First login of an operator: the key as a QR code and as text, the ten recovery codes (shown
 * only now), then the app's first code, which turns two-factor on and opens the session.
 */
export function EnrolmentStep({ enrolmentToken, onDone, onRestart }: { enrolmentToken: string; onDone: (token: string) => void; onRestart: () => void }) {
  const { t } = useTranslation('admin');
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState(false);
  const enrol = useMutation({ mutationFn: () => api('POST', '/api/backoffice/2fa/enrol', { token: enrolmentToken, schema: TotpEnrolmentResponseSchema }) });
  const confirm = useMutation({
    mutationFn: () => api('POST', '/api/backoffice/2fa/confirm', { token: enrolmentToken, body: { code }, schema: OperatorAuthenticatedSchema }),
    onSuccess: (answer) => onDone(answer.token),
  });
  const { mutate: start } = enrol;
  useEffect(() => start(), [start]);
  // The server's SVG shown as an image (a blob: URL), never injected as markup.
  const qrUrl = useMemo(() => (enrol.data ? URL.createObjectURL(new Blob([enrol.data.qrSvg], { type: 'image/svg+xml' })) : null), [enrol.data]);
  useEffect(() => () => { if (qrUrl) URL.revokeObjectURL(qrUrl); }, [qrUrl]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirm.isPending) confirm.mutate();
  }

  return (
    <form className="bo-card bo-login__card bo-login__card--wide" onSubmit={submit} data-testid="enrolment-form">
      <h1 className="bo-login__title">{t('enrol.title')}</h1>
      <p className="bo-muted">{t('enrol.intro')}</p>
      <ErrorLine error={enrol.error} />
      {enrol.data ? (
        <>
          <div className="bo-enrol">
            {qrUrl ? <img className="bo-enrol__qr" src={qrUrl} alt={t('enrol.qrAlt')} width={200} height={200} /> : null}
            <div>
              <p className="bo-label">{t('enrol.secret')}</p>
              <code className="bo-code" data-testid="enrol-secret">{enrol.data.secret}</code>
              <p className="bo-label">{t('enrol.recoveryCodes')}</p>
              <ul className="bo-recovery" data-testid="enrol-recovery-codes">
                {enrol.data.recoveryCodes.map((recovery) => (
                  <li key={recovery}>
                    <code>{recovery}</code>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} label={t('enrol.saved')} data-testid="enrol-saved" />
          <TextField label={t('enrol.code')} value={code} onChange={(event) => setCode(event.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={7} data-testid="enrol-code" />
          <ErrorLine error={confirm.error} testId="enrol-error" />
          <Button type="submit" block disabled={!saved || code.trim() === '' || confirm.isPending} data-testid="enrol-submit">
            {t('enrol.confirm')}
          </Button>
        </>
      ) : null}
      <button type="button" className="bo-link" onClick={onRestart}>
        {t('login.back')}
      </button>
    </form>
  );
}
