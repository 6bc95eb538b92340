import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';
import { CaptchaBox, useAccountModals, useCaptcha } from '../../account/index.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { rememberVisitor, startVisitor } from '../api/support.api.ts';
import { supportStore } from '../support-store.ts';

/** A visitor passes the site's captcha, then may leave a name and a contact (both optional). */
export function SupportVisitorGate({ onStarted }: { onStarted: (token: string) => void }) {
  const { t } = useTranslation('support');
  const errorMessage = useErrorMessage();
  const captcha = useCaptcha('support', true);
  const { open } = useAccountModals();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = captcha.value();
    if (!answer) return;
    setBusy(true);
    setError(null);
    try {
      const { token } = await startVisitor({ captcha: answer, ...(name.trim() ? { name: name.trim() } : {}), ...(contact.trim() ? { contact: contact.trim() } : {}) });
      rememberVisitor(token);
      // The tab's /ws connection binds itself to the new visitor.
      window.dispatchEvent(new Event('support-visitor'));
      onStarted(token);
    } catch (caught) {
      setError(errorMessage(caught));
      captcha.renew();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="support-visitor stack" onSubmit={(event) => void submit(event)} data-testid="support-visitor-form">
      <p>{t('visitor.intro')}</p>
      <TextField id="support-visitor-name" label={t('visitor.name')} value={name} maxLength={60} onChange={(event) => setName(event.target.value)} data-testid="support-visitor-name" />
      <TextField id="support-visitor-contact" label={t('visitor.contact')} value={contact} maxLength={120} onChange={(event) => setContact(event.target.value)} data-testid="support-visitor-contact" />
      <CaptchaBox captcha={captcha} prefix="support" error={error} />
      <div className="support-visitor__actions">
        <Button type="submit" variant="accent" disabled={busy || !captcha.value()} data-testid="support-visitor-start">
          {t('visitor.start')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            supportStore.closeChat();
            open({ kind: 'login' });
          }}
        >
          {t('visitor.login')}
        </Button>
      </div>
    </form>
  );
}
