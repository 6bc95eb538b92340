import type { GameType } from '@app/contracts';

/**
 * The demo vendors. Every name is invented (no real studio or brand) and carries "(Demo)", except
 * the codes other parts of the product expect by name: WW (shown as "BGS"), DS88, TCG_LOTTO_VN,
 * TCG_SEA, LOTT and ELOTT. Order here is navigation order (sort_order).
 */
export interface DemoVendorPlan {
  code: string;
  /** Shown without the "(Demo)" mark when `exactName` is set. */
  name: string;
  exactName?: boolean;
  gameType: GameType;
  /** Defaults to [gameType]. */
  gameTypes?: GameType[];
  /** 'GAME': the tile launches the vendor's 'lobby' game. */
  isGame?: boolean;
  /** Games besides the lobby; RNG vendors without a count share what is left of DEMO_GAME_TARGET. */
  games?: number;
  transferAmount?: bigint;
  /** The whole vendor is in maintenance (its tile shows it; launches are refused). */
  maintenance?: boolean;
}

/** The demo catalogue's size: enough for paging, search and list performance to be realistic. */
export const DEMO_GAME_TARGET = 10_000;

const rng = (code: string, name: string, extra: Partial<DemoVendorPlan> = {}): DemoVendorPlan => ({ code, name, gameType: 'RNG', ...extra });

export const DEMO_VENDORS: readonly DemoVendorPlan[] = [
  rng('WW', 'BGS', { exactName: true, isGame: true, games: 120 }),
  rng('AURORA', 'Aurora Spins'),
  rng('CAPYBARA', 'Capybara Studio'),
  rng('BRASA', 'Brasa Games'),
  rng('IPE', 'Ipê Interactive'),
  rng('JABUTI', 'Jabuti Gaming'),
  rng('TUCANO', 'Tucano Reels'),
  rng('MARACUJA', 'Maracujá Play'),
  rng('COPA', 'Copacabana Works'),
  rng('NEBULA', 'Nebula Forge'),
  rng('VELVET', 'Velvet Volt'),
  rng('POMAR', 'Pomar Pixel'),
  rng('QUASAR', 'Quasar Bay'),
  rng('LUMEN', 'Lumen Lane'),
  rng('COBALT', 'Cobalt Kite'),
  rng('SAFFRON', 'Saffron Arcade'),
  rng('MANGO', 'Mango Meteor'),
  rng('ONYX', 'Onyx Owl', { maintenance: true, games: 180 }),
  rng('CORAL', 'Coral Circuit'),
  // Transfer wallet mode: launching moves R$100.00 to the vendor's wallet (sandbox vendor).
  rng('DEMOTRANSFER', 'Cofre Transfer', { games: 150, transferAmount: 10_000n }),
  { code: 'SALAO', name: 'Salão Vivo Live', gameType: 'LIVE', games: 60 },
  { code: 'MESAREAL', name: 'Mesa Real Live', gameType: 'LIVE', games: 60 },
  { code: 'JAGUARLIVE', name: 'Studio Jaguar Live', gameType: 'LIVE', games: 60 },
  { code: 'ATLANTICO', name: 'Atlântico Live', gameType: 'LIVE', games: 60 },
  { code: 'ANZOL', name: 'Anzol Games', gameType: 'FISH', games: 30 },
  { code: 'MARE', name: 'Maré Alta Fishing', gameType: 'FISH', games: 30 },
  { code: 'RECIFE', name: 'Recife Reels Fishing', gameType: 'FISH', games: 30 },
  { code: 'TRUCOCLUB', name: 'Truco Club', gameType: 'PVP', games: 30 },
  { code: 'MESAQUADRADA', name: 'Mesa Quadrada', gameType: 'PVP', games: 30 },
  { code: 'PRACA', name: 'Praça Domino', gameType: 'PVP', games: 30 },
  { code: 'FOGUETE', name: 'Foguete Labs', gameType: 'CRASH', games: 20 },
  { code: 'ORBITA', name: 'Órbita Jump', gameType: 'CRASH', games: 20 },
  { code: 'ARENA', name: 'Arena Sports', gameType: 'SPORTS', isGame: true, games: 6 },
  { code: 'GOLACO', name: 'Golaço Sports', gameType: 'SPORTS', isGame: true, games: 6 },
  { code: 'PIXELARENA', name: 'Pixel Arena', gameType: 'ESPORTS', isGame: true, games: 0 },
  { code: 'NEXUS', name: 'Nexus Esports', gameType: 'ESPORTS', isGame: true, games: 0 },
  { code: 'TCG_LOTTO_VN', name: 'TCG Lotto VN', gameType: 'LOTT', isGame: true, games: 8 },
  { code: 'TCG_SEA', name: 'TCG SEA Lotto', gameType: 'LOTT', isGame: true, games: 8 },
  { code: 'LOTT', name: 'LOTT Loterias', gameType: 'LOTT', isGame: true, games: 8 },
  { code: 'ELOTT', name: 'ELOTT Express', gameType: 'ELOTT', isGame: true, games: 6 },
  { code: 'KENOVIVO', name: 'Keno Vivo', gameType: 'ELOTT', isGame: true, games: 6 },
  { code: 'DS88', name: 'DS88 Arena', gameType: 'COCKFIGHT', gameTypes: ['COCKFIGHT', 'ESPORTS'], isGame: true, games: 0 },
  { code: 'GALO', name: 'Galo de Ouro', gameType: 'COCKFIGHT', isGame: true, games: 0 },
];

/** Lobby names by type: "{vendor} Sportsbook" / "Apostas Esportivas {vendor}". */
export const LOBBY_NAMES: Record<GameType, readonly [en: (vendor: string) => string, pt: (vendor: string) => string]> = {
  RNG: [(vendor) => `${vendor} Lobby`, (vendor) => `Lobby ${vendor}`],
  LIVE: [(vendor) => `${vendor} Live Lobby`, (vendor) => `Lobby ao Vivo ${vendor}`],
  FISH: [(vendor) => `${vendor} Fishing Lobby`, (vendor) => `Lobby de Pesca ${vendor}`],
  PVP: [(vendor) => `${vendor} Card Room`, (vendor) => `Salão de Cartas ${vendor}`],
  CRASH: [(vendor) => `${vendor} Crash Lobby`, (vendor) => `Lobby Crash ${vendor}`],
  SPORTS: [(vendor) => `${vendor} Sportsbook`, (vendor) => `Apostas Esportivas ${vendor}`],
  ESPORTS: [(vendor) => `${vendor} Esports`, (vendor) => `eSports ${vendor}`],
  LOTT: [(vendor) => `${vendor} Lottery`, (vendor) => `Loteria ${vendor}`],
  ELOTT: [(vendor) => `${vendor} Fast Lottery`, (vendor) => `Loteria Rápida ${vendor}`],
  COCKFIGHT: [(vendor) => `${vendor} Cockfight Arena`, (vendor) => `Arena de Rinha ${vendor}`],
};
