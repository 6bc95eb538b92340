import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseIsoDate } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { Alert, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { useSessionToken } from '../../../../shared/session-token.ts';
import { launchSupportChat } from '../../../../shared/support-launch.ts';
import type { MemberIdentity } from '../../api/identity.api.ts';
import { identityQueryOptions } from '../../api/identity.queries.ts';
import { BirthdayForm } from './birthday-form.tsx';
import { IdentityForm } from './identity-form.tsx';

/**
 * Member centre → security centre → identification: the full name and CPF that PIX deposits and
 * withdrawals need (money only from and to the member's own account), and the birthday that the
 * 18+ rule for deposits, withdrawals and real-money play needs. Filled in once here; after that
 * it is read-only and changes go through customer service (KYC). "Completa" means all three are
 * on file and make the member 18 or older (ageVerified).
 * The section's id lets other pages link to it as /member?tab=securityCenter#identity.
 */
export function IdentityCard() {
  const { t } = useTranslation(['account', 'common']);
  const token = useSessionToken();
  const errorMessage = useErrorMessage();
  const identity = useQuery(identityQueryOptions(token));
  const [isJustSaved, setJustSaved] = useState(false);
  const data = identity.data;

  return (
    <section className="security-card" id="identity" aria-labelledby="identity-title" data-testid="security-identity">
      <div className="security-card__head">
        <h3 id="identity-title" className="security-card__title">
          {t('account:security.identity.title')}
        </h3>
        {data ? (
          <span className={data.ageVerified ? 'status-pill status-pill--success' : 'status-pill'} data-testid="identity-status">
            {data.ageVerified ? t('account:security.identity.statusComplete') : t('account:security.identity.statusIncomplete')}
          </span>
        ) : null}
      </div>
      {data ? (
        data.locked ? (
          <>
            <IdentitySummary identity={data} isJustSaved={isJustSaved && data.ageVerified} />
            {data.birthday === null ? <BirthdayForm /> : null}
            {data.birthday !== null && !data.ageVerified ? (
              <Alert data-testid="identity-underage">{t('account:security.identity.underageNote')}</Alert>
            ) : null}
          </>
        ) : (
          <IdentityForm identity={data} onSaved={() => setJustSaved(true)} />
        )
      ) : identity.isError ? (
        <Alert data-testid="identity-error">{errorMessage(identity.error)}</Alert>
      ) : (
        <Spinner label={t('common:loading')} layout="block" />
      )}
    </section>
  );
}

function IdentitySummary({ identity, isJustSaved }: { identity: MemberIdentity; isJustSaved: boolean }) {
  const { t, i18n } = useTranslation(['account', 'layout']);
  const birthday = identity.birthday ? formatBirthday(identity.birthday, intlLocaleOf(currentLanguage(i18n))) : null;
  const rows = [
    { key: 'name', label: t('security.identity.name'), value: identity.payeeName },
    { key: 'cpf', label: t('security.identity.cpf'), value: identity.cpf },
    { key: 'birthday', label: t('security.identity.birthday'), value: birthday },
  ];
  return (
    <div className="stack" data-testid="identity-complete">
      {isJustSaved ? (
        <Alert tone="info" data-testid="identity-saved">
          {t('security.identity.saved')}
        </Alert>
      ) : null}
      <dl className="account-card__list">
        {rows.map((row) => (
          <div key={row.key} className="account-card__row">
            <dt>{row.label}</dt>
            <dd className={row.value ? undefined : 'is-empty'} data-testid={`identity-complete-${row.key}`}>
              {row.value ?? t('security.identity.birthdayNotSet')}
            </dd>
          </div>
        ))}
      </dl>
      <p className="security-card__hint">
        {t('security.identity.lockedNote')}{' '}
        <button type="button" className="link-button" onClick={launchSupportChat} data-testid="identity-contact-support">
          {t('layout:sideMenu.customerService')}
        </button>
      </p>
    </div>
  );
}

/** A calendar date shown in the member's language; UTC on both sides, so it never moves a day. */
function formatBirthday(value: string, locale: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(Date.UTC(date.year, date.month - 1, date.day));
}
