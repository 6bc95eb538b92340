import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberInfo } from '../../api/account.types.ts';

/** The default avatar, drawn inline: no image request, nothing to fail. */
function DefaultAvatar() {
  const gradientId = useId();
  return (
    <svg className="account-card__avatar" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#2b2277" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradientId})`} />
      <circle cx="32" cy="25" r="11" fill="#eef0fb" />
      <path d="M12 54c3-10 11-16 20-16s17 6 20 16a30 30 0 0 1-40 0Z" fill="#eef0fb" />
    </svg>
  );
}

export function AccountCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('account');
  const rows: { key: string; label: string; value: string | null; fallback: string }[] = [
    { key: 'account', label: t('security.account.account'), value: member.account, fallback: '' },
    { key: 'nickname', label: t('security.account.nickname'), value: member.nickname.trim() || null, fallback: t('security.account.notSet') },
    { key: 'mobile', label: t('security.account.mobile'), value: member.mobileMasked, fallback: t('security.account.notBound') },
    { key: 'email', label: t('security.account.email'), value: member.emailMasked, fallback: t('security.account.notBound') },
  ];
  return (
    <section className="security-card account-card" aria-labelledby="account-card-title" data-testid="security-account-card">
      <div className="account-card__head">
        <DefaultAvatar />
        <div>
          <h3 id="account-card-title" className="security-card__title">
            {t('security.account.title')}
          </h3>
          <p className="account-card__name">{member.nickname.trim() || member.account}</p>
        </div>
      </div>
      <dl className="account-card__list">
        {rows.map((row) => (
          <div key={row.key} className="account-card__row">
            <dt>{row.label}</dt>
            <dd className={row.value ? undefined : 'is-empty'} data-testid={`security-${row.key}`}>
              {row.value ?? row.fallback}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
