import { useTranslation } from 'react-i18next';
import { formatBrl } from '@app/ui';
import type { ReferralRulesView } from '@app/contracts';

/** The operator's rules in plain words (spec §1 referral programme). */
export function ReferralRules({ rules, locale }: { rules: ReferralRulesView; locale: string }) {
  const { t } = useTranslation('referral');
  const money = (amount: string) => formatBrl(amount, locale);
  const lines = [
    t('ruleDeposit', { amount: money(rules.minFirstDeposit) }),
    t('ruleBet', { amount: money(rules.minValidBet) }),
    rules.rewardType === 'cash' ? t('ruleRewardCash', { amount: money(rules.rewardAmount) }) : t('ruleRewardBonus', { amount: money(rules.rewardAmount), multiple: rules.wageringMultiple }),
    ...(rules.maxReferees === null ? [] : [t('ruleCapReferees', { count: rules.maxReferees })]),
    ...(rules.maxAmount === null ? [] : [t('ruleCapAmount', { amount: money(rules.maxAmount) })]),
    ...(rules.windowDays === null ? [] : [t('ruleWindow', { days: rules.windowDays })]),
    t('ruleReview'),
  ];
  return (
    <section className="referral-card" aria-labelledby="referral-rules-title" data-testid="referral-rules">
      <h2 className="referral-card__title" id="referral-rules-title">
        {t('rulesTitle')}
      </h2>
      <ol className="referral-rules">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
    </section>
  );
}
