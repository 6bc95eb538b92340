import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@app/ui';

const NOT_FOUND_STATUS = 404;

export function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page not-found" data-testid="not-found-page">
      <p className="not-found__code" aria-hidden="true">
        {NOT_FOUND_STATUS}
      </p>
      <h1 className="page-header__title" data-testid="page-title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <Link to="/" className={buttonClassName('accent')} data-testid="not-found-home">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
