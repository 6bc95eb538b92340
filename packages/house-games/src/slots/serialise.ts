import { formatCents } from '@app/kernel';
import type { RoundResult, SpinResult } from './engine.ts';

/**
 * A slot round as the wire and house_round.outcome hold it (money as decimal strings). The
 * server stores it; the browser's verifier builds the same shape from its replay to compare.
 */
export function serialiseRound(result: RoundResult) {
  const spinView = (spin: SpinResult) => ({
    mode: spin.mode,
    stops: spin.stops,
    window: spin.window,
    lineWins: spin.lineWins.map((win) => ({ line: win.line, symbol: win.symbol, count: win.count, pay: formatCents(win.pay) })),
    scatter: { count: spin.scatter.count, pay: formatCents(spin.scatter.pay) },
    freeSpinsAwarded: spin.freeSpinsAwarded,
    multiplier: spin.multiplier,
    win: formatCents(spin.win),
  });
  const base = spinView(result.base);
  return {
    lineBet: formatCents(result.bet.lineBet),
    lines: result.bet.lines,
    totalBet: formatCents(result.bet.totalBet),
    stops: base.stops,
    window: base.window,
    lineWins: base.lineWins,
    scatter: base.scatter,
    base,
    freeSpins: result.freeSpins.map(spinView),
    freeSpinsAwarded: result.freeSpinsAwarded,
    totalWin: formatCents(result.totalWin),
  };
}

export type RoundOutcome = ReturnType<typeof serialiseRound>;
