import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { useBootInfo } from '../../../system/index.ts';
import { useWalletFormat, type WalletFormat } from '../../../wallet/index.ts';
import type { TierField } from '../tiers.ts';

export interface ContractFormat extends WalletFormat {
  /** A percent string from the API ("0.5") as the locale writes it: "0,5%". */
  rate: (value: string) => string;
  count: (value: number | string) => string;
  /** One tier value as its field reads: money, a member count or a rate. */
  tierValue: (field: TierField, value: string | number | undefined) => string;
  /** A settlement period [start, end): whole days as days, shorter windows as times. */
  period: (start: string, end: string) => string;
}

function partsIn(locale: string, timeZone: string) {
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
  const timeOptions: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  try {
    return { day: new Intl.DateTimeFormat(locale, { ...options, timeZone }), time: new Intl.DateTimeFormat(locale, { ...timeOptions, timeZone }) };
  } catch {
    return { day: new Intl.DateTimeFormat(locale, options), time: new Intl.DateTimeFormat(locale, timeOptions) };
  }
}

/** Money, rates and settlement periods of the contract pages, in the operator's zone. */
export function useContractFormat(currencySymbol: string, timeZone?: string): ContractFormat {
  const { i18n } = useTranslation();
  const boot = useBootInfo();
  const wallet = useWalletFormat(currencySymbol, timeZone);
  const locale = intlLocaleOf(currentLanguage(i18n));
  const decimals = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const integers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const { day, time } = partsIn(locale, timeZone ?? boot.timeZone);

  const rate = (value: string) => (/^\d+(\.\d+)?$/.test(value) ? `${decimals.format(value as `${number}`)}%` : value);
  const count = (value: number | string) => (/^\d+$/.test(String(value)) ? integers.format(Number(value)) : String(value));
  return {
    ...wallet,
    rate,
    count,
    tierValue: (field, value) => {
      if (value === undefined || value === '') return '—';
      if (field.type === 'money') return wallet.money(String(value));
      if (field.type === 'rate') return rate(String(value));
      return count(value);
    },
    period: (start, end) => {
      const [from, to] = [new Date(start), new Date(end)];
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${start} – ${end}`;
      const midnight = (date: Date) => time.format(date) === '00:00';
      if (midnight(from) && midnight(to)) {
        // Half-open: a day [00:00, next 00:00) is that one day.
        const lastDay = day.format(new Date(to.getTime() - 1));
        const firstDay = day.format(from);
        return firstDay === lastDay ? firstDay : `${firstDay} – ${lastDay}`;
      }
      const sameDay = day.format(from) === day.format(to);
      return sameDay ? `${day.format(from)} ${time.format(from)}–${time.format(to)}` : `${day.format(from)} ${time.format(from)} – ${day.format(to)} ${time.format(to)}`;
    },
  };
}
