import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NATIONAL_SELF_EXCLUSION_URL } from '@app/contracts';
import { Spinner } from '@app/ui';
import { useBootInfo } from '../../../system/index.ts';
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
  const boot = useBootInfo();
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
      <section className="security-card" aria-labelledby="rg-limits-title" data-testid="security-limits">
        <h3 id="rg-limits-title" className="security-card__title">
          {t('account:limits.title')}
        </h3>
        <p className="security-card__hint">{t('account:limits.securityCardHint')}</p>
        <Link to="/limits" className="link-button link-button--accent" data-testid="security-limits-link">
          {t('account:limits.open')}
        </Link>
      </section>
      <section className="security-card" aria-labelledby="exclusion-title" data-testid="security-exclusion">
        <h3 id="exclusion-title" className="security-card__title">
          {t('account:exclusion.title')}
        </h3>
        <p className="security-card__hint">{t('account:exclusion.securityHint')}</p>
        <Link to="/exclusion" className="link-button link-button--accent" data-testid="security-exclusion-link">
          {t('account:exclusion.open')}
        </Link>{' '}
        <a href={boot.site.selfExclusionServiceUrl ?? NATIONAL_SELF_EXCLUSION_URL} target="_blank" rel="noopener noreferrer" className="link-button" data-testid="security-national-link">
          {t('account:exclusion.nationalService')}
        </a>
      </section>
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
