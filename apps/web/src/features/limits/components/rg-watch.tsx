import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, CloseIcon, Modal } from '@app/ui';
import type { LimitsStatus } from '@app/contracts';
import { accountKeys, logoutRequest, useAccountModals, useSession } from '../../account/index.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { clearSessionStorage } from '../../../shared/session-token.ts';
import { useLimitsStatus } from '../limits.api.ts';
import './limits.css';

/** sessionStorage keys are per session token (its last characters): a new login starts over. */
const noticeKey = (token: string) => `rg.notice.${token.slice(-12)}`;
const realityKey = (token: string) => `rg.reality.${token.slice(-12)}`;
const TICK_MS = 5_000;
/**
 * Test seam: the e2e journeys about something else set this (e2e/fixtures/site.ts), as they hide
 * the site's pop-ups; a browser that sets it only hides the notice from itself.
 */
const SKIP_NOTICE_KEY = 'rg.notice.skip';

function skipsNotice(): boolean {
  try {
    return window.localStorage.getItem(SKIP_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the notice may show again, nothing breaks.
  }
}

/**
 * What every page carries for a logged-in member (issue 27): the risk notice after each login, the
 * reality check every N minutes of the session, the session-time limit's full screen and the
 * 80 % alerts; fed by GET /api/limits/status (polled every 30 seconds).
 */
export function ResponsibleGamingWatch() {
  const { token, member } = useSession();
  const [ended, setEnded] = useState<number | null>(null);
  if (ended !== null) return <SessionEndedScreen minutes={ended} onClose={() => setEnded(null)} />;
  if (!token || !member) return null;
  return <Watch key={token} token={token} onEnded={setEnded} />;
}

function Watch({ token, onEnded }: { token: string; onEnded: (minutes: number) => void }) {
  const status = useLimitsStatus(token, true);
  const client = useQueryClient();
  // The account's own dialogs (a forced password change, a verification step) come first.
  const accountModal = useAccountModals().modal;
  const [noticeSeen, setNoticeSeen] = useState(() => skipsNotice() || read(noticeKey(token)) === '1');
  const [now, setNow] = useState(() => Date.now());
  const [acknowledged, setAcknowledged] = useState(() => Number(read(realityKey(token)) ?? '0'));
  const [alerts, setAlerts] = useState<LimitsStatus['alerts']>([]);
  const seenAlerts = useRef(new Set<string>());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!status.data) return;
    const fresh = status.data.alerts.filter((alert) => !seenAlerts.current.has(`${alert.kind}:${alert.period}`));
    fresh.forEach((alert) => seenAlerts.current.add(`${alert.kind}:${alert.period}`));
    if (fresh.length > 0) setAlerts((shown) => [...shown, ...fresh]);
  }, [status.data]);

  const data = status.data;
  const elapsed = data ? data.elapsedSeconds + Math.max(0, Math.floor((now - status.dataUpdatedAt) / 1000)) : 0;
  const limitReached = data?.sessionLimitMinutes != null && elapsed >= data.sessionLimitMinutes * 60;

  useEffect(() => {
    if (!data) return;
    if (data.sessionEnded) {
      // The server ended the session: the member is logged out here too, behind the full screen.
      onEnded(data.sessionLimitMinutes ?? 0);
      clearSessionStorage();
      client.removeQueries({ queryKey: accountKeys.all });
    } else if (limitReached) {
      // Past the limit by this page's clock: the server ends the session on this poll; if the job
      // already ended it (the poll is refused), the member still sees why.
      void status.refetch().then((result) => {
        if (!result.isError) return;
        onEnded(data.sessionLimitMinutes ?? 0);
        clearSessionStorage();
        client.removeQueries({ queryKey: accountKeys.all });
      });
    }
  }, [data, limitReached, onEnded, client, status]);

  const due = data ? Math.floor(elapsed / (data.realityCheckMinutes * 60)) : 0;
  const realityOpen = noticeSeen && accountModal === null && data !== undefined && due > acknowledged && !data.sessionEnded;
  // The modal shows the result as of now: asked once when it opens.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (realityOpen && !wasOpen.current) void status.refetch();
    wasOpen.current = realityOpen;
  }, [realityOpen, status]);

  return (
    <>
      {!noticeSeen && accountModal === null ? (
        <RiskNotice
          onAcknowledge={() => {
            write(noticeKey(token), '1');
            setNoticeSeen(true);
          }}
        />
      ) : null}
      {realityOpen && data ? (
        <RealityCheck
          minutes={Math.floor(elapsed / 60)}
          net={data.netResult}
          onContinue={() => {
            write(realityKey(token), String(due));
            setAcknowledged(due);
          }}
          onLeave={() => {
            void logoutRequest(token).catch(() => undefined);
            clearSessionStorage();
            client.removeQueries({ queryKey: accountKeys.all });
          }}
        />
      ) : null}
      {alerts.length > 0 ? <LimitAlerts alerts={alerts} onDismiss={(index) => setAlerts((shown) => shown.filter((_, at) => at !== index))} /> : null}
    </>
  );
}

function RiskNotice({ onAcknowledge }: { onAcknowledge: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <Modal
      open
      onClose={onAcknowledge}
      title={t('account:limits.notice.title')}
      closeLabel={t('common:actions.close')}
      size="sm"
      testId="rg-login-notice"
      footer={
        <div className="rg-modal__actions">
          <Link to="/limits" className="link-button" onClick={onAcknowledge} data-testid="rg-login-notice-limits">
            {t('account:limits.notice.limits')}
          </Link>
          <Button variant="accent" onClick={onAcknowledge} data-testid="rg-login-notice-ack">
            {t('account:limits.notice.ack')}
          </Button>
        </div>
      }
    >
      <p className="rg-modal__badge" aria-hidden="true">
        18+
      </p>
      <p>{t('account:limits.notice.body')}</p>
    </Modal>
  );
}

function RealityCheck({ minutes, net, onContinue, onLeave }: { minutes: number; net: string; onContinue: () => void; onLeave: () => void }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const language = currentLanguage(i18n);
  return (
    <Modal
      open
      onClose={onContinue}
      dismissible={false}
      title={t('account:limits.reality.title')}
      closeLabel={t('common:actions.close')}
      size="sm"
      testId="rg-reality-check"
      footer={
        <div className="rg-modal__actions">
          <Button variant="outline" onClick={onLeave} data-testid="rg-reality-leave">
            {t('account:limits.reality.leave')}
          </Button>
          <Button variant="accent" onClick={onContinue} data-testid="rg-reality-continue">
            {t('account:limits.reality.continue')}
          </Button>
        </div>
      }
    >
      <p data-testid="rg-reality-time">{t('account:limits.reality.body', { minutes })}</p>
      <p data-testid="rg-reality-net" className={net.startsWith('-') ? 'rg-modal__net rg-modal__net--down' : 'rg-modal__net'}>
        {t('account:limits.reality.net', { net: formatMoney(net, language) })}
      </p>
    </Modal>
  );
}

function LimitAlerts({ alerts, onDismiss }: { alerts: LimitsStatus['alerts']; onDismiss: (index: number) => void }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const language = currentLanguage(i18n);
  return (
    <div className="rg-alerts" role="status" data-testid="rg-alerts">
      {alerts.map((alert, index) => (
        <div key={`${alert.kind}:${alert.period}`} className="rg-alerts__item" data-testid={`rg-alert-${alert.kind}-${alert.period}`}>
          <span>
            {t('account:limits.alert', {
              kind: t(`account:limits.kind.${alert.kind}`),
              period: t(`account:limits.period.${alert.period}`),
              used: formatMoney(alert.used, language),
              value: formatMoney(alert.value, language),
            })}
          </span>
          <button type="button" className="rg-alerts__close" aria-label={t('common:actions.close')} onClick={() => onDismiss(index)}>
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}

function SessionEndedScreen({ minutes, onClose }: { minutes: number; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { open } = useAccountModals();
  const navigate = useNavigate();
  return (
    <div className="rg-session-ended" role="alertdialog" aria-modal="true" aria-labelledby="rg-session-ended-title" data-testid="rg-session-ended">
      <div className="rg-session-ended__box">
        <h1 id="rg-session-ended-title">{t('limits.sessionEnded.title')}</h1>
        <p>{t('limits.sessionEnded.body', { minutes })}</p>
        <Button
          variant="accent"
          onClick={() => {
            onClose();
            void navigate('/');
            open({ kind: 'login' });
          }}
          data-testid="rg-session-ended-login"
        >
          {t('limits.sessionEnded.login')}
        </Button>
      </div>
    </div>
  );
}
