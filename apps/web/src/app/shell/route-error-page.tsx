import { useTranslation } from 'react-i18next';
import { AlertIcon, Button } from '@app/ui';

/** Last-resort page for an unexpected render error: says what happened and offers a way out. */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  return (
    <div className="route-error" role="alert" data-testid="route-error">
      <AlertIcon size={40} />
      <h1 data-testid="page-title">{t('routeError.title')}</h1>
      <p>{t('routeError.text')}</p>
      <div className="route-error__actions">
        <Button variant="accent" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
        {/* A plain link, not the router: the router itself may be what failed. */}
        <a className="ui-button ui-button--outline" href="/">
          {t('routeError.home')}
        </a>
      </div>
    </div>
  );
}
