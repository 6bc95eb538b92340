import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { useContentLanguage } from '../../content/index.ts';

/**
 * A red envelope opening on the share the server gave: the flap folds back and the card with the
 * amount slides out (CSS animation; with reduced motion it is simply open).
 */
export function EnvelopeOpening({ amount }: { amount: string }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const money = `R$ ${formatMoney(amount, language)}`;
  return (
    <div className="envelope-opening" data-testid="envelope-opening" role="status">
      <div className="envelope" aria-hidden="true">
        <div className="envelope__back" />
        <div className="envelope__card">
          <span className="envelope__amount">{money}</span>
        </div>
        <div className="envelope__front" />
        <div className="envelope__flap" />
        <div className="envelope__seal" />
      </div>
      <p className="envelope-opening__line">{t('promotions.grabbed', { amount: money })}</p>
    </div>
  );
}
