import { useTranslation } from 'react-i18next';

/** The part of an event its names come from. */
interface Named {
  home: string | null;
  away: string | null;
  competitors: readonly string[];
}

export const eventName = (event: Named) => (event.home !== null ? `${event.home} × ${event.away ?? ''}` : event.competitors.join(', '));

const KNOWN_TYPES = ['1x2', 'double_chance', 'draw_no_bet', 'totals', 'asian_handicap', 'btts', 'correct_score', 'match_winner', 'map_winner', 'cockfight_winner'] as const;
const KNOWN_OUTCOMES = ['home', 'away', 'draw', 'home_draw', 'home_away', 'draw_away', 'over', 'under', 'yes', 'no', 'meron', 'wala', 'other'] as const;

/** Market and outcome names as an operator reads them: 'Totals 2.5', 'Flamengo', 'Over'. */
export function useBookText() {
  const { t } = useTranslation('admin-sportsbook');
  const marketName = (marketKey: string) => {
    const [type = marketKey, specifiers = ''] = marketKey.split('?');
    const known = (KNOWN_TYPES as readonly string[]).includes(type) ? t(`types.${type as (typeof KNOWN_TYPES)[number]}`) : type;
    const line = specifiers
      .split('|')
      .filter(Boolean)
      .map((pair) => pair.split('=')[1])
      .join(' ');
    return line ? `${known} ${line}` : known;
  };
  const outcomeName = (outcomeId: string, event?: Named) => {
    if (outcomeId === 'home' && event?.home) return event.home;
    if (outcomeId === 'away' && event?.away) return event.away;
    return (KNOWN_OUTCOMES as readonly string[]).includes(outcomeId) ? t(`outcomes.${outcomeId as (typeof KNOWN_OUTCOMES)[number]}`) : outcomeId;
  };
  return { marketName, outcomeName };
}

/** A fresh request id for one submission (the server applies each id once). */
export const newRequestId = () => crypto.randomUUID();
