import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@app/ui';
import { useSession } from '../../api/account.queries.ts';
import { ChangePasswordForm } from '../change-password-form.tsx';
import { AccountCard } from './account-card.tsx';
import { IdentityCard } from './identity-card.tsx';
import { PaymentPasswordCard } from './payment-password-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import './security.css';

/** Member centre → security centre (the default tab): account, identity, passwords and sessions. */
export function SecurityCenter() {
  const { t } = useTranslation(['account', 'common']);
  const { member } = useSession();
  if (!member) return <Spinner label={t('common:loading')} layout="block" />;
  return (
    <div className="security-centre" data-testid="security-centre">
      <AccountCard member={member} />
      <IdentityCard />
      <section className="security-card" aria-labelledby="kyc-card-title" data-testid="security-kyc">
        <h3 id="kyc-card-title" className="security-card__title">
          {t('account:kyc.title')}
        </h3>
        <p className="security-card__hint">{t('account:kyc.securityHint')}</p>
        <Link to="/kyc" className="link-button link-button--accent" data-testid="security-kyc-link">
          {t('account:kyc.open')}
        </Link>
      </section>
      <section className="security-card" aria-labelledby="change-password-title" data-testid="security-change-password">
        <h3 id="change-password-title" className="security-card__title">
          {t('account:security.password.title')}
        </h3>
        <p className="security-card__hint">{t('account:security.password.hint')}</p>
        <ChangePasswordForm account={member.account} showSuccess onChanged={() => undefined} />
      </section>
      <PaymentPasswordCard member={member} />
      <SessionsCard />
      <section className="security-card" aria-labelledby="my-data-title" data-testid="security-my-data">
        <h3 id="my-data-title" className="security-card__title">
          {t('account:myData.title')}
        </h3>
        <p className="security-card__hint">{t('account:myData.securityHint')}</p>
        <Link to="/my-data" className="link-button link-button--accent" data-testid="security-my-data-link">
          {t('account:myData.open')}
        </Link>
      </section>
    </div>
  );
}
