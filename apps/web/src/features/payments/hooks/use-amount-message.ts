import { useTranslation } from 'react-i18next';
import type { AmountCheck } from '../amount.ts';
import type { WalletFormat } from '../../wallet/index.ts';

type AmountProblem = Extract<AmountCheck, { ok: false }>['problem'];

/** The message under an amount field, with the limit it broke written as money. */
export function useAmountMessage(format: WalletFormat) {
  const { t } = useTranslation(['payments', 'errors']);
  return (problem: AmountProblem, limits: { min: string; max: string; available?: string }): string => {
    switch (problem) {
      case 'invalid':
        return t('errors:wallet.amount_invalid');
      case 'below_min':
        return t('payments:common.belowMin', { min: format.money(limits.min) });
      case 'above_max':
        return t('payments:common.aboveMax', { max: format.money(limits.max) });
      case 'above_available':
        return t('payments:withdraw.aboveAvailable', { amount: format.money(limits.available ?? '0') });
    }
  };
}
