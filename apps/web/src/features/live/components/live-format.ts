import { useTranslation } from 'react-i18next';
import { formatCents } from '@app/kernel';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';

export interface LiveFormat {
  /** "1.50" → "R$ 1,50" (a no-break space: the symbol never ends a line apart from its amount). */
  money: (amount: string) => string;
  cents: (cents: bigint) => string;
  /** A chip's face: 50 → "0,50", 2500 → "25", 10000 → "100", 100000 → "1K". */
  chip: (cents: bigint) => string;
}

export function useLiveFormat(): LiveFormat {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const money = (amount: string) => `R$\u00a0${formatMoney(amount, language)}`;
  return {
    money,
    cents: (cents) => money(formatCents(cents)),
    chip: (cents) => chipFace(cents, language === 'pt' ? ',' : '.'),
  };
}

export function chipFace(cents: bigint, decimal = ','): string {
  if (cents >= 100_000n && cents % 100_000n === 0n) return `${cents / 100_000n}K`;
  if (cents % 100n === 0n) return String(cents / 100n);
  return `${cents / 100n}${decimal}${String(cents % 100n).padStart(2, '0')}`;
}
