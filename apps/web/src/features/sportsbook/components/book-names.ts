import { useTranslation } from 'react-i18next';
import type { SportsbookEventSummary } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { useBootInfo } from '../../system/index.ts';
import { currentLanguage } from '../../../shared/i18n.ts';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** A handicap from the away side's view: the home line with its sign turned. */
function awayLine(hcp: string): string {
  if (hcp.startsWith('-')) return `+${hcp.slice(1)}`;
  return Number(hcp) === 0 ? hcp : `-${hcp}`;
}

function signed(hcp: string): string {
  return hcp.startsWith('-') || Number(hcp) === 0 ? hcp : `+${hcp}`;
}

/** Market and outcome names from the book's keys (sportsbook:market.*, sportsbook:outcome.*), participants as the feed gives them. */
export function useBookNames() {
  const { t: rawT, i18n } = useTranslation('sportsbook');
  const t = rawT as unknown as LooseT;
  const language = currentLanguage(i18n);
  const known = (key: string) => i18n.exists(`sportsbook:${key}`);
  return {
    language,
    named: (item: { namePt: string; nameEn: string }) => (language === 'en' ? item.nameEn : item.namePt),
    /** The group's title ('Totals'). */
    group: (nameKey: string) => (known(`market.${nameKey}`) ? t(`market.${nameKey}`) : nameKey),
    /** One market's title, with its line ('Total 2.5', 'Handicap -0.25'). */
    market: (nameKey: string, specifiers: Record<string, string>) => {
      const names = Object.keys(specifiers);
      if (names.length > 0 && known(`market.${nameKey}_line`)) {
        const params = { ...specifiers, ...(specifiers.hcp === undefined ? {} : { hcp: signed(specifiers.hcp) }) };
        return t(`market.${nameKey}_line`, params);
      }
      return known(`market.${nameKey}`) ? t(`market.${nameKey}`) : nameKey;
    },
    outcome: (nameKey: string, params: Record<string, string>) => {
      if (!known(`outcome.${nameKey}`)) return nameKey;
      const hcp = params.hcp;
      const values = hcp === undefined ? params : { ...params, hcp: nameKey.endsWith('.away') ? awayLine(hcp) : signed(hcp) };
      return t(`outcome.${nameKey}`, { ...values, interpolation: { escapeValue: false } });
    },
  };
}

export function eventName(event: Pick<SportsbookEventSummary, 'home' | 'away' | 'competitors'>): string {
  if (event.home && event.away) return `${event.home} × ${event.away}`;
  return event.competitors.join(' × ');
}

/** Odds as players read them: "1.850" → "1.85", "2.000" → "2.00", "1.875" stays. */
export function displayOdds(odds: string): string {
  return /\.\d\d0$/.test(odds) ? odds.slice(0, -1) : odds;
}

/** A start time without seconds, in the site's time zone: "29/11, 18:00". */
export function useStartTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const boot = useBootInfo();
  const formatter = new Intl.DateTimeFormat(intlLocaleOf(currentLanguage(i18n)), { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: boot.timeZone });
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
  };
}
