import { useTranslation } from 'react-i18next';
import { useSession } from '../../account/index.ts';
import { ReferralCard } from './referral-card.tsx';
import { RegisterDownlineForm } from './register-downline-form.tsx';

/** registerCenter: open an account in the team, or share the link that brings members to it. */
export function RegisterCenterPage() {
  const { t } = useTranslation('agent');
  const { member } = useSession();
  return (
    <div className="agent-register" data-testid="register-center">
      <section className="wallet-card" aria-labelledby="agent-register-title">
        <h2 className="wallet-card__title" id="agent-register-title">
          {t('register.title')}
        </h2>
        <p className="wallet-card__hint">{t('register.lead')}</p>
        <RegisterDownlineForm agentType={member?.type ?? 0} />
      </section>
      <ReferralCard />
    </div>
  );
}
