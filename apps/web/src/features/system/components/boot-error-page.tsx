import { useTranslation } from 'react-i18next';
import { AlertIcon, Button } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { StatusPage } from './status-page.tsx';

/** Shown when /api/system/boot cannot be loaded: never a blank page, always a way to retry. */
export function BootErrorPage({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('system');
  const errorMessage = useErrorMessage();
  return (
    <StatusPage testId="boot-error" icon={<AlertIcon size={40} />} title={t('bootError.title')}>
      <p className="status-page__text">{t('bootError.text')}</p>
      <p className="status-page__note">{errorMessage(error)}</p>
      <Button variant="accent" onClick={onRetry} disabled={retrying} data-testid="boot-retry">
        {t('bootError.retry')}
      </Button>
    </StatusPage>
  );
}
