import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SecurityAlertsSchema } from '@app/contracts';
import { Alert } from '@app/ui';
import { api } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import './security-alerts.css';

/**
 * Above every page, for those who read the audit log (owner, risk): usernames that kept failing
 * to log in within the last 24 hours, so repeated guessing is seen, not only recorded.
 */
export function SecurityAlertsBanner() {
  const { t, i18n } = useTranslation('admin-audit');
  const session = useSession();
  const allowed = session.can('audit.read');
  const query = useQuery({
    queryKey: ['backoffice', 'security', 'alerts'],
    queryFn: ({ signal }) => api('GET', '/api/backoffice/security/alerts', { schema: SecurityAlertsSchema, signal }),
    enabled: allowed,
    refetchInterval: 5 * 60_000,
  });
  const alerts = allowed ? (query.data?.alerts ?? []) : [];
  if (alerts.length === 0) return null;
  return (
    <div className="bo-security-alerts">
      <Alert tone="error" data-testid="security-alerts">
        <div className="bo-security-alerts__body">
          <strong>{t('alerts.title')}</strong>
          <ul>
            {alerts.map((alert) => (
              <li key={`${alert.at}-${alert.username}`} data-testid="security-alert">
                {t('alerts.loginFailures', { username: alert.username, failures: alert.failures, ip: alert.lastIp ?? '—', at: formatDateTime(alert.at, i18n.language) })}
              </li>
            ))}
          </ul>
          <Link to="/audit">{t('alerts.open')}</Link>
        </div>
      </Alert>
    </div>
  );
}
