import { useState } from 'react';
import type { JournalType } from '@app/contracts';
import type { TransactionFilters } from '../api/wallet.api.ts';
import { isRangeValid } from '../date-range.ts';
import { useDayRange, type DayRangeControl } from './use-day-range.ts';

export const HISTORY_PAGE_SIZE = 20;

export interface TransactionFilterControl {
  filters: TransactionFilters;
  dayRange: DayRangeControl;
  isRangeValid: boolean;
  setType: (type: JournalType | undefined) => void;
  setPageNo: (pageNo: number) => void;
  /** Any filter change starts again from the first page, which always exists. */
  resetPage: () => void;
}

/** The account record's filters: type, period (default: last 7 days) and page. */
export function useTransactionFilters(): TransactionFilterControl {
  const dayRange = useDayRange();
  const [type, setTypeState] = useState<JournalType | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  return {
    filters: { type, from: dayRange.range.from, to: dayRange.range.to, pageNo, pageSize: HISTORY_PAGE_SIZE },
    dayRange,
    isRangeValid: isRangeValid(dayRange.range),
    setType: (next) => {
      setTypeState(next);
      setPageNo(1);
    },
    setPageNo,
    resetPage: () => setPageNo(1),
  };
}
