import { useSyncExternalStore } from 'react';

/** One selection on the slip: what the player clicked, with the odds shown at the time. */
export interface SlipSelection {
  eventId: string;
  eventName: string;
  marketKey: string;
  marketNameKey: string;
  marketSpecifiers: Record<string, string>;
  outcomeId: string;
  outcomeNameKey: string;
  outcomeParams: Record<string, string>;
  /** Decimal string with three places, as the book gives it ("1.850"). */
  odds: string;
}

export type SlipBetType = 'single' | 'accumulator';
export type OddsPolicy = 'none' | 'any' | 'higher';

export interface SlipState {
  selections: SlipSelection[];
  betType: SlipBetType;
  stake: string;
  oddsPolicy: OddsPolicy;
}

const STORAGE_KEY = 'sportsbook.slip';
const EMPTY: SlipState = { selections: [], betType: 'single', stake: '', oddsPolicy: 'none' };

/** "1.850" → 1850 (the ticket's legs carry odds in integer thousandths). */
export function oddsToThousandths(odds: string): number {
  const [whole = '0', fraction = ''] = odds.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
}

/** The accumulator's odds: the product of its legs' odds, as a decimal string with two places (rounded down). */
export function accumulatorOdds(selections: readonly SlipSelection[]): string {
  if (selections.length === 0) return '0.00';
  let product = 1n;
  let scale = 1n;
  for (const selection of selections) {
    product *= BigInt(oddsToThousandths(selection.odds));
    scale *= 1000n;
  }
  const hundredths = (product * 100n) / scale;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** A stake typed as "10", "10,5" or "10.50" → centavos; null when it is not an amount. */
export function parseStake(input: string): bigint | null {
  const text = input.trim().replace(',', '.');
  if (!/^\d{1,10}(?:\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function centsToAmount(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** A return in centavos: stake × the product of the odds, rounded down to the centavo. */
export function potentialReturnCents(stakeCents: bigint, odds: readonly string[]): bigint {
  let product = stakeCents;
  let scale = 1n;
  for (const value of odds) {
    product *= BigInt(oddsToThousandths(value));
    scale *= 1000n;
  }
  return product / scale;
}

/** Adds a selection; one selection per market, so a pick of the same market replaces the last; the same pick again removes it. */
export function toggleSelection(selections: readonly SlipSelection[], selection: SlipSelection): SlipSelection[] {
  const same = selections.find((item) => item.eventId === selection.eventId && item.marketKey === selection.marketKey);
  if (same && same.outcomeId === selection.outcomeId) return selections.filter((item) => item !== same);
  if (same) return selections.map((item) => (item === same ? selection : item));
  return [...selections, selection].slice(-20);
}

function read(): SlipState {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (!stored) return EMPTY;
    const parsed = JSON.parse(stored) as Partial<SlipState>;
    return { ...EMPTY, ...parsed, selections: Array.isArray(parsed.selections) ? parsed.selections : [] };
  } catch {
    return EMPTY;
  }
}

let state: SlipState | null = null;
const listeners = new Set<() => void>();

function current(): SlipState {
  state ??= read();
  return state;
}

function write(next: SlipState) {
  state = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the slip still lives for this page.
  }
  for (const listener of listeners) listener();
}

/** The slip lives for the tab's session (sessionStorage), shared by the book's pages. */
export const slipStore = {
  get: current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  toggle(selection: SlipSelection) {
    const selections = toggleSelection(current().selections, selection);
    // Two picks default to an accumulator, as players expect; one pick is a single.
    const previous = current();
    const betType: SlipBetType = selections.length < 2 ? 'single' : previous.selections.length < 2 ? 'accumulator' : previous.betType;
    write({ ...previous, selections, betType });
  },
  remove(eventId: string, marketKey: string) {
    const selections = current().selections.filter((item) => !(item.eventId === eventId && item.marketKey === marketKey));
    write({ ...current(), selections, betType: selections.length < 2 ? 'single' : current().betType });
  },
  /** The shown odds move with the book while the slip is open. */
  updateOdds(updates: ReadonlyMap<string, string>) {
    let changed = false;
    const selections = current().selections.map((item) => {
      const odds = updates.get(`${item.eventId}|${item.marketKey}|${item.outcomeId}`);
      if (odds === undefined || odds === item.odds) return item;
      changed = true;
      return { ...item, odds };
    });
    if (changed) write({ ...current(), selections });
  },
  set(patch: Partial<Omit<SlipState, 'selections'>>) {
    write({ ...current(), ...patch });
  },
  clear() {
    write({ ...current(), selections: [], betType: 'single', stake: '' });
  },
  /** Tests start from an empty slip. */
  reset() {
    state = EMPTY;
    try {
      sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing stored
    }
    for (const listener of listeners) listener();
  },
};

export function useSlip(): SlipState {
  return useSyncExternalStore(slipStore.subscribe, slipStore.get, slipStore.get);
}

export function selectionKey(selection: Pick<SlipSelection, 'eventId' | 'marketKey' | 'outcomeId'>): string {
  return `${selection.eventId}|${selection.marketKey}|${selection.outcomeId}`;
}
