import { useState } from 'react';
import { useBootInfo } from '../../system/index.ts';
import { DEFAULT_PRESET, presetRange, todayIn, type DayRange, type RangePreset } from '../date-range.ts';

export type RangeChoice = RangePreset | 'custom';

export interface DayRangeControl {
  choice: RangeChoice;
  range: DayRange;
  /** Today in the operator's zone: the latest day a custom range may end on. */
  today: string;
  selectPreset: (preset: RangePreset) => void;
  /** Switches to custom, keeping the current days until the player changes one. */
  selectCustom: () => void;
  setCustomDay: (end: keyof DayRange, day: string) => void;
}

/** The period filter of the report pages; presets are computed in the operator's time zone. */
export function useDayRange(initial: RangePreset = DEFAULT_PRESET): DayRangeControl {
  const { timeZone } = useBootInfo();
  const today = todayIn(timeZone);
  const [choice, setChoice] = useState<RangeChoice>(initial);
  const [range, setRange] = useState<DayRange>(() => presetRange(initial, today));
  return {
    choice,
    range,
    today,
    selectPreset: (preset) => {
      setChoice(preset);
      // Recomputed on click, so a tab left open past midnight still means the new "today".
      setRange(presetRange(preset, todayIn(timeZone)));
    },
    selectCustom: () => setChoice('custom'),
    setCustomDay: (end, day) => {
      setChoice('custom');
      setRange((current) => ({ ...current, [end]: day }));
    },
  };
}
