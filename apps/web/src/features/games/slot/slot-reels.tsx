import { useEffect, useMemo, useState } from 'react';
import type { SlotOutcome, SlotTable } from '@app/contracts';
import { symbolArt } from './symbol-art.ts';
import type { SlotPhase } from './use-slot-session.ts';

/** Delay between one reel stopping and the next, left to right. */
const STOP_STAGGER_MS = 160;

interface SlotReelsProps {
  table: SlotTable;
  phase: SlotPhase;
  outcome: SlotOutcome | null;
  symbolName: (id: string) => string;
}

/** A window to show before the first spin: every symbol of the machine, spread over the reels. */
function restingWindow(table: SlotTable): string[][] {
  const ids = table.symbols.map((symbol) => symbol.id);
  return Array.from({ length: table.reels }, (_, reel) => Array.from({ length: table.rows }, (_, row) => ids[(reel * 2 + row * 3) % ids.length]!));
}

/** Cells ("reel:row") that paid: the winning lines' leading symbols and, when they paid, the scatters. */
function winningCells(table: SlotTable, outcome: SlotOutcome): Set<string> {
  const cells = new Set<string>();
  for (const win of outcome.lineWins) {
    const line = table.paylines[win.line];
    if (!line) continue;
    for (let reel = 0; reel < win.count; reel += 1) cells.add(`${reel}:${line[reel]}`);
  }
  if (outcome.scatter.count >= 3 || outcome.freeSpinsAwarded > 0) {
    outcome.window.forEach((column, reel) => column.forEach((symbol, row) => symbol === table.scatter.symbol && cells.add(`${reel}:${row}`)));
  }
  return cells;
}

export function SlotReels({ table, phase, outcome, symbolName }: SlotReelsProps) {
  const [stopped, setStopped] = useState(phase === 'spinning' ? 0 : table.reels);
  // A new spin sets every reel turning again, during render so no frame shows them at rest.
  if (phase === 'spinning' && stopped !== 0) setStopped(0);
  useEffect(() => {
    if (phase !== 'result') return;
    const timers = Array.from({ length: table.reels }, (_, reel) => setTimeout(() => setStopped(reel + 1), STOP_STAGGER_MS * (reel + 1)));
    return () => timers.forEach(clearTimeout);
  }, [phase, outcome, table.reels]);

  const resting = useMemo(() => restingWindow(table), [table]);
  const window = outcome?.window ?? resting;
  const settled = phase === 'result' && stopped >= table.reels;
  const wins = useMemo(() => (settled && outcome ? winningCells(table, outcome) : new Set<string>()), [settled, outcome, table]);
  // The blurred strip a turning reel shows: the machine's symbols, twice, so the loop is seamless.
  const blur = useMemo(() => [...table.symbols, ...table.symbols].map((symbol) => symbol.id), [table]);

  return (
    <div className={`slot-reels${settled && wins.size > 0 ? ' has-wins' : ''}`} data-testid="slot-reels" data-state={settled ? 'settled' : phase}>
      {Array.from({ length: table.reels }, (_, reel) => {
        const turning = phase === 'spinning' || (phase === 'result' && reel >= stopped);
        return (
          <div key={reel} className={`slot-reel${turning ? ' is-turning' : ' is-landed'}`} style={{ ['--reel' as string]: reel }}>
            {turning ? (
              <div className="slot-reel__strip" aria-hidden="true">
                {blur.map((id, index) => (
                  <SymbolTile key={index} machine={table.machine} id={id} name={symbolName(id)} />
                ))}
              </div>
            ) : (
              (window[reel] ?? []).map((id, row) => (
                <SymbolTile key={row} machine={table.machine} id={id} name={symbolName(id)} win={wins.has(`${reel}:${row}`)} testId={`slot-cell-${reel}-${row}`} />
              ))
            )}
          </div>
        );
      })}
    </div>
  );
}

interface SymbolTileProps {
  machine: string;
  id: string;
  name: string;
  win?: boolean;
  testId?: string;
}

export function SymbolTile({ machine, id, name, win = false, testId }: SymbolTileProps) {
  const art = symbolArt(machine, id);
  return (
    <div
      className={`slot-symbol${win ? ' is-win' : ''}${art.glyph.length > 1 ? ' is-wide' : ''}`}
      style={{ ['--from' as string]: art.from, ['--to' as string]: art.to, ['--ink' as string]: art.ink }}
      role="img"
      aria-label={name}
      title={name}
      data-symbol={id}
      data-testid={testId}
    >
      <span className="slot-symbol__glyph" aria-hidden="true">
        {art.glyph}
      </span>
    </div>
  );
}
