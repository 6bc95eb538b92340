import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorText } from '../i18n.ts';

/** A console page: its title, actions on the right, and the content below. */
export function Page({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="bo-page" data-testid={testId}>
      <header className="bo-page__header">
        <h1 className="bo-page__title">{title}</h1>
        {actions ? <div className="bo-page__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** Loading, failed (with retry) or the content of a query. */
export function QueryState({ query, children }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; children: () => ReactNode }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  if (query.isPending) return <div className="bo-loading"><Spinner label={t('common.loading')} /></div>;
  if (query.isError) {
    return (
      <Alert tone="error">
        {errorText(query.error)}{' '}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children()}</>;
}

/** A server error under a form or an action, translated. */
export function ErrorLine({ error, testId }: { error: unknown; testId?: string }) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <p className="bo-error" role="alert" data-testid={testId}>
      {errorText(error)}
    </p>
  );
}
