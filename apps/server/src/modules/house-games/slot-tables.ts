import { demoMachineFor, findSlotGame, type SlotGame } from '@app/house-games';
import { AppError, formatCents } from '@app/kernel';

export const HOUSE_VENDOR_CODE = 'HOUSE';

/** What the catalogue says about a game the house game server may serve. */
export interface CatalogueGame {
  names: { pt?: string; en?: string };
  vendorName: string;
  isDemo: boolean;
  walletMode: 'seamless' | 'transfer';
  /** Game and vendor enabled and neither in maintenance. */
  playable: boolean;
  demoSupported: boolean;
}

/** A game the house game server plays: the catalogue entry and the slot engine data behind it. */
export interface SlotTable {
  vendor: string;
  gameCode: string;
  engine: SlotGame;
  game: CatalogueGame;
}

/**
 * The sandbox vendor's theme for a demo game: one of the house slot games. The demo catalogue
 * names and prices its tiles with the same function, so the tile and the machine always agree.
 */
export function themeFor(vendor: string, gameCode: string): SlotGame {
  return demoMachineFor(vendor, gameCode);
}

/** The machine that played a stored round (the verifier replays it with this one). */
export function machineFor(vendor: string, gameCode: string): string {
  return vendor === HOUSE_VENDOR_CODE ? gameCode : themeFor(vendor, gameCode).code;
}

/**
 * Which slot a (vendor, game) opens: HOUSE's own games by code; any game of a seamless demo
 * vendor (the sandbox vendor) a themed house slot. Anything else is not ours to serve.
 */
export async function resolveTable(lookup: (vendor: string, gameCode: string) => Promise<CatalogueGame | undefined>, vendor: string, gameCode: string): Promise<SlotTable> {
  const game = await lookup(vendor, gameCode);
  if (!game) throw new AppError('house.game_not_found', 'no such game');
  let engine: SlotGame | undefined;
  if (vendor === HOUSE_VENDOR_CODE) engine = findSlotGame(gameCode);
  else if (game.isDemo && game.walletMode === 'seamless') engine = themeFor(vendor, gameCode);
  if (!engine) throw new AppError('house.game_not_found', 'this game is not served by the house game server');
  return { vendor, gameCode, engine, game };
}

/** The table as the slot screen shows it before play: paytable, lines, bets, RTP. */
export function tableView(table: SlotTable, minSpinIntervalMs: number) {
  const { engine, game } = table;
  return {
    vendor: table.vendor,
    vendorName: game.vendorName,
    gameCode: table.gameCode,
    names: { pt: game.names.pt ?? game.names.en ?? table.gameCode, en: game.names.en ?? game.names.pt ?? table.gameCode },
    machine: engine.code,
    machineNames: engine.name,
    theme: engine.theme,
    rows: engine.rows,
    reels: engine.reels.strips.length,
    lines: engine.paylines.length,
    paylines: engine.paylines.map((line) => [...line]),
    symbols: engine.symbols.map((symbol) => ({ id: symbol.id, names: symbol.name, kind: symbol.kind, pays: Object.entries(symbol.pays ?? {}).map(([count, pay]) => ({ count: Number(count), pay: pay! })) })),
    scatter: {
      symbol: engine.scatter.symbol,
      pays: Object.entries(engine.scatter.pays).map(([count, pay]) => ({ count: Number(count), pay: pay! })),
      freeSpins: Object.entries(engine.scatter.freeSpins).map(([count, spins]) => ({ count: Number(count), spins: spins! })),
    },
    freeSpins: { multiplier: engine.freeSpins.multiplier, retrigger: engine.freeSpins.retrigger, maxFreeSpins: engine.freeSpins.maxFreeSpins },
    wild: engine.wild,
    lineBets: engine.lineBets.map(formatCents),
    rtp: Math.round(engine.declaredRtp * 1_000_000) / 10_000,
    hitFrequency: Math.round(engine.declaredHitFrequency * 10_000) / 100,
    minSpinIntervalMs,
    playable: game.playable,
    demoSupported: game.demoSupported,
  };
}

export type SlotTableView = ReturnType<typeof tableView>;
