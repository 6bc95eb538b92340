import { useTranslation } from 'react-i18next';
import type { LotteryGame } from '@app/contracts';
import { currentLanguage } from '../../../shared/i18n.ts';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Game names come from the server in both languages; bet types and prize tiers are translated here. */
export function useLotteryNames() {
  const { t, i18n } = useTranslation('lottery');
  const language = currentLanguage(i18n);
  const loose = t as unknown as LooseT;
  const known = (key: string) => i18n.exists(`lottery:${key}`);
  return {
    language,
    game: (game: Pick<LotteryGame, 'namePt' | 'nameEn'> | undefined, fallback = '') => (game ? (language === 'en' ? game.nameEn : game.namePt) : fallback),
    /** A bet type's name ("Bao lô 2 số"); an unknown code shows as itself rather than a raw key. */
    betType: (code: string) => (known(`betType.${code}.name`) ? loose(`betType.${code}.name`) : code),
    betTypeHint: (code: string) => (known(`betType.${code}.hint`) ? loose(`betType.${code}.hint`) : ''),
    tier: (tier: string) => (known(`tier.${tier}`) ? loose(`tier.${tier}`) : tier),
    /** 'big', 'p1:7', 'sum:odd' → words; digits stay digits. */
    selection: (value: string) => {
      const word = (option: string) => (known(`option.${option}`) ? loose(`option.${option}`) : option);
      const at = value.indexOf(':');
      if (at < 0) return word(value);
      const target = value.slice(0, at);
      const option = word(value.slice(at + 1));
      return target === 'sum' ? loose('selection.sum', { value: option }) : loose('selection.position', { position: target.slice(1), value: option });
    },
    /** A refused ticket's reason (`lottery.error.<code>`). */
    refusal: (code: string) => {
      const bare = code.replace(/^lottery\./, '');
      return loose(known(`error.${bare}`) ? `error.${bare}` : 'error.unknown');
    },
  };
}
