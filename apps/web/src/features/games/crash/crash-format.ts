import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatMoney } from '../../../shared/format/money.ts';

export interface CrashFormat {
  /** 237 (hundredths) → "2,37×". */
  multiplier: (hundredths: number) => string;
  /** A multiplier's wire text ("2.37") → "2,37×". */
  multiplierText: (text: string) => string;
  /** A graph label: 2 → "2×", 1.5 → "1,5×". */
  axisMultiplier: (value: number) => string;
  /** 4.2 → "4,2 s"; whole seconds without decimals on the time axis. */
  seconds: (value: number, digits?: number) => string;
  /** "1.50" → "R$ 1,50" (with a no-break space). */
  money: (amount: string) => string;
}

/** The crash screen's numbers in the player's language. */
export function useCrashFormat(): CrashFormat {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const locale = intlLocaleOf(language);
  const twoPlaces = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const upToTwo = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    multiplier: (hundredths) => `${twoPlaces.format(hundredths / 100)}×`,
    multiplierText: (text) => `${twoPlaces.format(Number(text))}×`,
    axisMultiplier: (value) => `${upToTwo.format(value)}×`,
    seconds: (value, digits = 1) => `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} s`,
    // A no-break space: "R$" never ends a line apart from its amount.
    money: (amount) => `R$\u00a0${formatMoney(amount, language)}`,
  };
}
