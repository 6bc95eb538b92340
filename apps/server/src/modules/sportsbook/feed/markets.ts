/**
 * The market types the book knows (issue 23): which specifiers each takes and which outcome ids it
 * has. A market's key is its type with its specifiers in canonical order ('totals?total=2.5',
 * 'asian_handicap?hcp=-0.25'); it is stable and unique within an event. Home/away outcomes are
 * the event's home and away competitors; a handicap (hcp) is the home side's.
 */
export const MARKET_TYPES = [
  '1x2',
  'double_chance',
  'draw_no_bet',
  'totals',
  'asian_handicap',
  'btts',
  'correct_score',
  'match_winner',
  'map_winner',
  'cockfight_winner',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

interface MarketTypeRule {
  /** Specifier names and the values each accepts. */
  specifiers: Record<string, RegExp>;
  /** The outcome ids, or a pattern for open lists (correct score). */
  outcomes: readonly string[] | RegExp;
}

/** A line in quarters: -0.25, 0, 1.75, +2.5 (no '+' in the canonical form). */
const QUARTER_LINE = /^-?(?:0|[1-9]\d{0,2})(?:\.(?:25|5|75))?$/;
/** A totals line: 0.5, 2.5, 163.5 — always a half, so a total can never push. */
const HALF_LINE = /^(?:0|[1-9]\d{0,3})\.5$/;

export const MARKET_RULES: Record<MarketType, MarketTypeRule> = {
  '1x2': { specifiers: {}, outcomes: ['home', 'draw', 'away'] },
  double_chance: { specifiers: {}, outcomes: ['home_draw', 'home_away', 'draw_away'] },
  draw_no_bet: { specifiers: {}, outcomes: ['home', 'away'] },
  totals: { specifiers: { total: HALF_LINE }, outcomes: ['over', 'under'] },
  asian_handicap: { specifiers: { hcp: QUARTER_LINE }, outcomes: ['home', 'away'] },
  btts: { specifiers: {}, outcomes: ['yes', 'no'] },
  correct_score: { specifiers: {}, outcomes: /^(?:\d{1,2}:\d{1,2}|other)$/ },
  match_winner: { specifiers: {}, outcomes: ['home', 'away'] },
  map_winner: { specifiers: { map: /^[1-7]$/ }, outcomes: ['home', 'away'] },
  cockfight_winner: { specifiers: {}, outcomes: ['meron', 'wala', 'draw'] },
};

export function isMarketType(value: string): value is MarketType {
  return (MARKET_TYPES as readonly string[]).includes(value);
}

/** 'total=2.5|x=1' from { x: '1', total: '2.5' }: names sorted, joined with '|'. */
export function canonicalSpecifiers(specifiers: Readonly<Record<string, string>>): string {
  return Object.keys(specifiers)
    .sort()
    .map((name) => `${name}=${specifiers[name]}`)
    .join('|');
}

export function marketKey(type: string, specifiers: Readonly<Record<string, string>>): string {
  const text = canonicalSpecifiers(specifiers);
  return text === '' ? type : `${type}?${text}`;
}

/** Why a market reference is not one the book knows, or undefined when it is. */
export function marketProblem(type: string, specifiers: Readonly<Record<string, string>>): string | undefined {
  if (!isMarketType(type)) return `unknown market type ${type}`;
  const rule = MARKET_RULES[type];
  const names = Object.keys(specifiers);
  const expected = Object.keys(rule.specifiers);
  if (names.length !== expected.length || expected.some((name) => !(name in specifiers))) {
    return `market ${type} takes the specifiers [${expected.join(', ')}], not [${names.join(', ')}]`;
  }
  for (const name of expected) {
    if (!rule.specifiers[name]!.test(specifiers[name]!)) return `market ${type}: ${name}=${specifiers[name]} is not a valid value`;
  }
  return undefined;
}

export function isOutcomeOf(type: MarketType, outcomeId: string): boolean {
  const outcomes = MARKET_RULES[type].outcomes;
  return Array.isArray(outcomes) ? outcomes.includes(outcomeId) : (outcomes as RegExp).test(outcomeId);
}

/** A line as text in the canonical form: 2.5 → '2.5', -0.25 → '-0.25', 0 → '0', 1 → '1'. */
export function lineText(line: number): string {
  const text = (Math.round(line * 100) / 100).toString();
  return text === '-0' ? '0' : text;
}

/**
 * The one market an event list shows odds for (the book's "main market"): 1x2 for football, the
 * cockfight winner for cockfights, the match winner for every other sport.
 */
export function mainMarketType(sport: { id: string; kind: string }): MarketType {
  if (sport.id === 'football') return '1x2';
  if (sport.kind === 'cockfight') return 'cockfight_winner';
  return 'match_winner';
}
export const MAIN_MARKET_TYPES: readonly MarketType[] = ['1x2', 'cockfight_winner', 'match_winner'];
