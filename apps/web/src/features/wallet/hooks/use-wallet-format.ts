import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useBootInfo } from '../../system/index.ts';

export interface WalletFormat {
  /** "R$ 1.234,50" (symbol, then the amount in the player's locale). */
  money: (amount: string) => string;
  /** "+R$ 10,00" / "−R$ 10,00": the sign first, so a debit never reads as a positive amount. */
  signedMoney: (amount: string) => string;
  points: (value: string) => string;
  /** An instant from the API, as wall time in the operator's zone. */
  dateTime: (iso: string) => string;
  /** A calendar day "YYYY-MM-DD" as the locale writes it (27/05/2025 or 05/27/2025). */
  day: (day: string) => string;
}

export function isDebit(amount: string): boolean {
  return amount.trim().startsWith('-');
}

export function isZeroAmount(amount: string): boolean {
  return /^-?0*(\.0*)?$/.test(amount.trim());
}

function dateTimeFormatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    // An unknown zone from the server must not break the page: the browser's zone is the next best.
    return new Intl.DateTimeFormat(locale, options);
  }
}

/**
 * Money, points and times of the wallet pages in the active language. Times use the operator's
 * zone (the one the server counts days in) so a line never lands on a different day than the
 * filter that found it. `timeZone` overrides the boot value with the one a report echoed.
 */
export function useWalletFormat(currencySymbol: string, timeZone?: string): WalletFormat {
  const { i18n } = useTranslation();
  const boot = useBootInfo();
  const language = currentLanguage(i18n);
  const locale = intlLocaleOf(language);
  const times = dateTimeFormatter(locale, timeZone ?? boot.timeZone);
  const days = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const integers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });

  // A no-break space: "R$" must never end one line with the figure starting the next.
  const money = (amount: string) => `${currencySymbol}\u00a0${formatMoney(amount, language)}`;
  return {
    money,
    signedMoney: (amount) => {
      if (isZeroAmount(amount)) return money('0');
      const magnitude = amount.trim().replace(/^[-+]/, '');
      return `${isDebit(amount) ? '\u2212' : '+'}${money(magnitude)}`;
    },
    points: (value) => (/^-?\d+$/.test(value) ? integers.format(value as `${number}`) : value),
    dateTime: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : times.format(date);
    },
    day: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? day : days.format(date);
    },
  };
}
