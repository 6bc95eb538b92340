import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { useSessionToken } from '../../../../shared/session-token.ts';
import { useBootInfo } from '../../../system/index.ts';
import type { SessionView } from '../../api/security.api.ts';
import { sessionsQueryOptions, useSignOutOthers } from '../../api/security.queries.ts';
import { describeUserAgent } from '../../user-agent.ts';

/** Active sessions, newest activity first, with a way to end all but this one. */
export function SessionsCard() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const boot = useBootInfo();
  const token = useSessionToken();
  const errorMessage = useErrorMessage();
  const sessions = useQuery(sessionsQueryOptions(token));
  const signOut = useSignOutOthers();
  // Times in the operator's zone (boot.timeZone), as every other time on the site.
  const format = new Intl.DateTimeFormat(intlLocaleOf(currentLanguage(i18n)), {
    timeZone: boot.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });

  const device = (session: SessionView) => {
    const { browser, os } = describeUserAgent(session.userAgent);
    if (browser && os) return t('account:security.sessions.deviceOn', { browser, os });
    return browser ?? os ?? t('account:security.sessions.unknownDevice');
  };

  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  const others = list.filter((session) => !session.current).length;
  return (
    <section className="security-card" aria-labelledby="sessions-title" data-testid="security-sessions">
      <h3 id="sessions-title" className="security-card__title">
        {t('account:security.sessions.title')}
      </h3>
      <p className="security-card__hint">{t('account:security.sessions.hint')}</p>
      {sessions.isPending ? (
        <Spinner label={t('common:loading')} layout="block" />
      ) : sessions.isError ? (
        <Alert>
          {t('account:security.sessions.loadFailed')} {errorMessage(sessions.error)}
        </Alert>
      ) : (
        <ul className="card-stack">
          {list.map((session) => (
            <li key={session.id} className={session.current ? 'line-card line-card--tight session-item is-current' : 'line-card line-card--tight session-item'} data-testid="session-item">
              <div className="line-card__top session-item__device">
                <strong>{device(session)}</strong>
                {session.current ? <span className="status-pill status-pill--success">{t('account:security.sessions.current')}</span> : null}
              </div>
              <div className="line-card__meta">
                <span>
                  {t('account:security.sessions.ip')}: {session.ip ?? t('account:security.sessions.unknownIp')}
                </span>
                <span>
                  {t('account:security.sessions.lastSeen')}: <time dateTime={session.lastSeenAt}>{format.format(new Date(session.lastSeenAt))}</time>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {sessions.isSuccess && others === 0 && !signOut.isSuccess ? <p className="security-card__hint">{t('account:security.sessions.onlyThis')}</p> : null}
      {signOut.isSuccess ? (
        <Alert tone="info" data-testid="sessions-signed-out">
          {t('account:security.sessions.signedOut')}
        </Alert>
      ) : null}
      {signOut.error ? <Alert>{errorMessage(signOut.error)}</Alert> : null}
      <Button
        variant="outline"
        block
        disabled={signOut.isPending || !sessions.isSuccess || others === 0}
        aria-busy={signOut.isPending}
        onClick={() => signOut.mutate()}
        data-testid="sessions-sign-out-others"
      >
        {signOut.isPending ? t('account:security.sessions.signingOut') : t('account:security.sessions.signOutOthers')}
      </Button>
    </section>
  );
}
