import { useState } from 'react';
import type { GameType } from '@app/contracts';
import type { BettingFilters } from '../api/betting.api.ts';
import { isRangeValid, useDayRange, type DayRangeControl } from '../../wallet/index.ts';

export const BETTING_PAGE_SIZE = 20;
/** The server refuses a longer period with wallet.range_invalid; the player learns it before asking. */
export const MAX_BETTING_DAYS = 93;

export interface BettingFilterControl {
  filters: BettingFilters;
  dayRange: DayRangeControl;
  isRangeValid: boolean;
  setGameType: (gameType: GameType | undefined) => void;
  setPageNo: (pageNo: number) => void;
  /** Any filter change starts again from the first page, which always exists. */
  resetPage: () => void;
}

/** The betting record's filters: product type, period (default: last 7 days) and page. */
export function useBettingFilters(): BettingFilterControl {
  const dayRange = useDayRange();
  const [gameType, setGameTypeState] = useState<GameType | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  return {
    filters: { gameType, from: dayRange.range.from, to: dayRange.range.to, pageNo, pageSize: BETTING_PAGE_SIZE },
    dayRange,
    isRangeValid: isRangeValid(dayRange.range, MAX_BETTING_DAYS),
    setGameType: (next) => {
      setGameTypeState(next);
      setPageNo(1);
    },
    setPageNo,
    resetPage: () => setPageNo(1),
  };
}
