import { useTranslation } from 'react-i18next';
import { ClockIcon } from '@app/ui';

/**
 * The honest placeholder for features that arrive in later issues: it says so plainly instead of
 * showing invented games, figures or forms.
 */
export function NotAvailableYet({ message }: { message?: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="not-available" data-testid="not-available" aria-live="polite">
      <span className="icon-disc not-available__icon">
        <ClockIcon size={28} />
      </span>
      <div>
        <h2 className="not-available__title">{t('notAvailable.title')}</h2>
        <p className="not-available__text">{message ?? t('notAvailable.text')}</p>
      </div>
    </section>
  );
}
