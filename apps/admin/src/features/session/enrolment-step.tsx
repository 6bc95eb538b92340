import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { OperatorAuthenticatedSchema, TotpConfirmRequestSchema, TotpEnrolmentResponseSchema } from '@app/contracts';
import { Button, Checkbox, TextField } from '@app/ui';
import { api } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';

type TotpConfirmRequest = ReturnType<typeof TotpConfirmRequestSchema.parse>;

/**
 * First login of an operator: the key as a QR code and as text, the ten recovery codes (shown
 * only now), then the app's first code, which turns two-factor on and opens the session.
 */
export function EnrolmentStep({ enrolmentToken, onDone, onRestart }: { enrolmentToken: string; onDone: (token: string) => void; onRestart: () => void }) {
  const { t } = useTranslation('admin');
  // The code is checked by the server's confirm schema; the "codes saved" box is no part of the
  // request, it only enables the button.
  const form = useForm<TotpConfirmRequest>({ resolver: zodResolver(TotpConfirmRequestSchema), defaultValues: { code: '' } });
  const code = useWatch({ control: form.control, name: 'code' });
  const [saved, setSaved] = useState(false);
  const enrol = useMutation({ mutationFn: () => api('POST', '/api/backoffice/2fa/enrol', { token: enrolmentToken, schema: TotpEnrolmentResponseSchema }) });
  const confirm = useMutation({
    mutationFn: (body: TotpConfirmRequest) => api('POST', '/api/backoffice/2fa/confirm', { token: enrolmentToken, body, schema: OperatorAuthenticatedSchema }),
    onSuccess: (answer) => onDone(answer.token),
  });
  const { mutate: start } = enrol;
  // One key per enrolment: a second request (an effect run twice) would store a newer key than
  // the one shown whenever its answer arrived first, and the first code would be refused.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);
  // The server's SVG shown as an image (a blob: URL), never injected as markup.
  const qrUrl = useMemo(() => (enrol.data ? URL.createObjectURL(new Blob([enrol.data.qrSvg], { type: 'image/svg+xml' })) : null), [enrol.data]);
  useEffect(() => () => { if (qrUrl) URL.revokeObjectURL(qrUrl); }, [qrUrl]);

  const submit = form.handleSubmit((body) => {
    if (!confirm.isPending) confirm.mutate(body);
  });

  return (
    <form className="bo-card bo-login__card bo-login__card--wide" onSubmit={(event) => void submit(event)} data-testid="enrolment-form">
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
          <TextField label={t('enrol.code')} {...form.register('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={form.formState.errors.code ? t('enrol.codeFormat') : null} data-testid="enrol-code" />
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
