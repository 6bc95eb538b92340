import { useState } from 'react';
import { AGENT_MAX_PERIOD_DAYS, type AgentPeriod } from '@app/contracts';
import { useBootInfo } from '../../system/index.ts';
import { addDays, isRangeValid, todayIn, type DayRange } from '../../wallet/index.ts';
import type { PeriodSelection } from '../api/agent.api.ts';

/** The server refuses a custom period longer than this (agents.period_invalid). */
export const MAX_PERIOD_DAYS = AGENT_MAX_PERIOD_DAYS;

export interface PeriodControl {
  choice: AgentPeriod;
  /** The days of a custom period (kept while a preset is chosen, for when the agent comes back). */
  range: DayRange;
  /** Today in the operator's zone: the latest day a custom period may end on. */
  today: string;
  /** What to ask the server for; null while the custom days make no period (nothing is sent). */
  selection: PeriodSelection | null;
  select: (choice: AgentPeriod) => void;
  setDay: (end: keyof DayRange, day: string) => void;
}

/**
 * The period of an agent report. Presets are resolved by the server in the operator's zone (it
 * echoes the days back); a custom period is checked here first so a bad one is never sent.
 */
export function usePeriod(initial: AgentPeriod = 'today'): PeriodControl {
  const { timeZone } = useBootInfo();
  const today = todayIn(timeZone);
  const [choice, setChoice] = useState<AgentPeriod>(initial);
  const [range, setRange] = useState<DayRange>(() => ({ from: addDays(today, -6), to: today }));
  const customValid = isRangeValid(range, MAX_PERIOD_DAYS) && range.to <= today;
  const selection: PeriodSelection | null = choice !== 'custom' ? { period: choice } : customValid ? { period: 'custom', ...range } : null;
  return {
    choice,
    range,
    today,
    selection,
    select: setChoice,
    setDay: (end, day) => setRange((current) => ({ ...current, [end]: day })),
  };
}
