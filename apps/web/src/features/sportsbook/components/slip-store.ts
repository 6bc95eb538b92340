import { useSyncExternalStore } from 'react';
import { MAX_LEGS, oddsToThousandths, presetsFor, SYSTEM_PRESETS, type SystemPreset } from './slip-math.ts';

/** One selection on the slip: what the player clicked, with the odds the player accepted. */
export interface SlipSelection {
  eventId: string;
  eventName: string;
  marketKey: string;
  marketNameKey: string;
  marketSpecifiers: Record<string, string>;
  outcomeId: string;
  outcomeNameKey: string;
  outcomeParams: Record<string, string>;
  /** Decimal string with three places, as the book gives it ("1.850"): the odds the ticket asks for. */
  odds: string;
  /** The book's odds now, when they moved and the odds-change setting did not take them: "accept?". */
  pendingOdds?: string | null;
  /** The odds before the last accepted change, shown struck through beside the new ones. */
  previousOdds?: string | null;
  /** The market or outcome is suspended now: the slip cannot be placed until it reopens or is removed. */
  locked?: boolean;
  /** A single's own stake (singles: one stake per selection). */
  stake?: string;
}

export type SlipBetType = 'single' | 'accumulator' | 'system';
export type OddsPolicy = 'none' | 'any' | 'higher';
export type StakeMode = 'unit' | 'total';
/** A named system (Trixie, Yankee…) or "k of n" for each chosen k. */
export interface SlipSystem {
  preset: SystemPreset | null;
  sizes: number[];
}

export interface SlipState {
  selections: SlipSelection[];
  betType: SlipBetType;
  /** The accumulator's or the system's stake. */
  stake: string;
  stakeMode: StakeMode;
  system: SlipSystem;
  oddsPolicy: OddsPolicy;
}

/** A price the book shows now for one selection. */
export interface BookPrice {
  odds: string;
  locked: boolean;
}

const STORAGE_KEY = 'sportsbook.slip';
/** The odds-change choice is the device's, not the tab's: it outlives the slip (localStorage). */
const POLICY_KEY = 'sportsbook.oddsPolicy';
const POLICIES: readonly OddsPolicy[] = ['none', 'any', 'higher'];

function readPolicy(): OddsPolicy {
  try {
    const stored = localStorage.getItem(POLICY_KEY);
    return POLICIES.includes(stored as OddsPolicy) ? (stored as OddsPolicy) : 'none';
  } catch {
    return 'none';
  }
}

const empty = (): SlipState => ({ selections: [], betType: 'single', stake: '', stakeMode: 'unit', system: { preset: null, sizes: [] }, oddsPolicy: readPolicy() });

export function selectionKey(selection: Pick<SlipSelection, 'eventId' | 'marketKey' | 'outcomeId'>): string {
  return `${selection.eventId}|${selection.marketKey}|${selection.outcomeId}`;
}

/** Adds a selection; one selection per market, so a pick of the same market replaces the last; the same pick again removes it. */
export function toggleSelection(selections: readonly SlipSelection[], selection: SlipSelection): SlipSelection[] {
  const same = selections.find((item) => item.eventId === selection.eventId && item.marketKey === selection.marketKey);
  if (same && same.outcomeId === selection.outcomeId) return selections.filter((item) => item !== same);
  if (same) return selections.map((item) => (item === same ? { ...selection, stake: same.stake ?? '' } : item));
  // An accumulator takes at most 20 legs: a 21st pick is not added (the slip says so).
  return selections.length >= MAX_LEGS ? [...selections] : [...selections, selection];
}

/**
 * The book moved one selection's price: the odds-change setting decides whether the slip takes it
 * ('any'; 'higher' for a rise) or asks the player (pendingOdds, the "odds changed — accept?" prompt).
 */
export function applyPrice(item: SlipSelection, price: BookPrice, policy: OddsPolicy): SlipSelection {
  let next = item;
  if (Boolean(price.locked) !== Boolean(item.locked)) next = { ...next, locked: price.locked };
  if (price.odds === next.odds) return next.pendingOdds ? { ...next, pendingOdds: null } : next;
  if (price.odds === next.pendingOdds) return next;
  const rise = oddsToThousandths(price.odds) > oddsToThousandths(next.odds);
  if (policy === 'any' || (policy === 'higher' && rise)) return { ...next, odds: price.odds, previousOdds: next.odds, pendingOdds: null };
  return { ...next, pendingOdds: price.odds };
}

/** A system fitting `legCount` selections: the named one if it still fits, else the first named one for the count, else doubles. */
export function fitSystem(system: SlipSystem, legCount: number): SlipSystem {
  if (system.preset && SYSTEM_PRESETS[system.preset].legs === legCount) return system;
  const sizes = system.sizes.filter((size) => size >= 1 && size <= legCount);
  if (!system.preset && sizes.length > 0) return { preset: null, sizes };
  const preset = presetsFor(legCount)[0];
  return preset ? { preset, sizes: [] } : { preset: null, sizes: [Math.min(2, legCount)] };
}

function normalise(next: SlipState): SlipState {
  const count = next.selections.length;
  let betType = next.betType;
  if (count < 2) betType = 'single';
  else if (betType === 'system' && count < 3) betType = 'accumulator';
  return { ...next, betType, system: betType === 'system' ? fitSystem(next.system, count) : next.system };
}

function read(): SlipState {
  const base = empty();
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (!stored) return base;
    const parsed = JSON.parse(stored) as Partial<SlipState>;
    return normalise({
      ...base,
      ...parsed,
      oddsPolicy: base.oddsPolicy,
      system: parsed.system && Array.isArray(parsed.system.sizes) ? parsed.system : base.system,
      selections: Array.isArray(parsed.selections) ? parsed.selections : [],
    });
  } catch {
    return base;
  }
}

let state: SlipState | null = null;
const listeners = new Set<() => void>();

function current(): SlipState {
  state ??= read();
  return state;
}

function write(next: SlipState) {
  state = normalise(next);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the slip still lives for this page.
  }
  for (const listener of listeners) listener();
}

const mapSelections = (fn: (item: SlipSelection) => SlipSelection) => {
  let changed = false;
  const selections = current().selections.map((item) => {
    const next = fn(item);
    if (next !== item) changed = true;
    return next;
  });
  if (changed) write({ ...current(), selections });
};

/** The slip lives for the tab's session (sessionStorage), shared by the book's pages. */
export const slipStore = {
  get: current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  toggle(selection: SlipSelection) {
    const previous = current();
    const selections = toggleSelection(previous.selections, selection);
    // Two picks default to an accumulator, as players expect; one pick is a single.
    const betType: SlipBetType = previous.selections.length < 2 && selections.length >= 2 ? 'accumulator' : previous.betType;
    write({ ...previous, selections, betType });
  },
  remove(eventId: string, marketKey: string) {
    write({ ...current(), selections: current().selections.filter((item) => !(item.eventId === eventId && item.marketKey === marketKey)) });
  },
  /** Removes the given selections (a placed single leaves the slip). */
  removeKeys(keys: ReadonlySet<string>) {
    write({ ...current(), selections: current().selections.filter((item) => !keys.has(selectionKey(item))) });
  },
  /** The book's prices now, by selectionKey: the slip follows them per the odds-change setting. */
  updateOdds(updates: ReadonlyMap<string, string | BookPrice>) {
    const policy = current().oddsPolicy;
    mapSelections((item) => {
      const update = updates.get(selectionKey(item));
      if (update === undefined) return item;
      return applyPrice(item, typeof update === 'string' ? { odds: update, locked: Boolean(item.locked) } : update, policy);
    });
  },
  /** "Accept the new odds": every changed selection takes the book's odds now. */
  acceptChanges() {
    mapSelections((item) => (item.pendingOdds ? { ...item, odds: item.pendingOdds, previousOdds: item.odds, pendingOdds: null } : item));
  },
  setLegStake(key: string, stake: string) {
    mapSelections((item) => (selectionKey(item) === key ? { ...item, stake } : item));
  },
  setSystem(system: SlipSystem) {
    write({ ...current(), betType: 'system', system });
  },
  setOddsPolicy(oddsPolicy: OddsPolicy) {
    try {
      localStorage.setItem(POLICY_KEY, oddsPolicy);
    } catch {
      // The choice lasts for this page only.
    }
    write({ ...current(), oddsPolicy });
    // Changes waiting for an answer are looked at again under the new setting.
    mapSelections((item) => (item.pendingOdds ? applyPrice({ ...item, pendingOdds: null }, { odds: item.pendingOdds, locked: Boolean(item.locked) }, oddsPolicy) : item));
  },
  set(patch: Partial<Omit<SlipState, 'selections' | 'oddsPolicy'>>) {
    write({ ...current(), ...patch });
  },
  clear() {
    write({ ...current(), selections: [], betType: 'single', stake: '' });
  },
  /** Tests start from an empty slip. */
  reset() {
    try {
      sessionStorage.removeItem(STORAGE_KEY);
      localStorage.removeItem(POLICY_KEY);
    } catch {
      // nothing stored
    }
    state = empty();
    for (const listener of listeners) listener();
  },
};

export function useSlip(): SlipState {
  return useSyncExternalStore(slipStore.subscribe, slipStore.get, slipStore.get);
}
