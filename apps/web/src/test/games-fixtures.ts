import type { Game, GameMenu, GamePage, GameType, LaunchResponse, Vendor } from '@app/contracts';

export function gameFixture(overrides: Partial<Game> = {}): Game {
  const nodeId = overrides.nodeId ?? 1;
  return {
    nodeId,
    gameCode: `game-${nodeId}`,
    vassalage: 'AURORA',
    vendorName: 'Aurora Spins (Demo)',
    gameType: 'RNG',
    gameClassify: 'slots',
    gameName: `Jogo ${nodeId}`,
    iconUrl: `/media/demo/game/AURORA/game-${nodeId}.svg`,
    isHot: false,
    isNew: false,
    minBet: '0.20',
    minLineNum: 20,
    rtp: '96.50',
    demoSupported: false,
    maintenance: false,
    isDemo: true,
    ...overrides,
  };
}

/** Games with ids from `first` on, each overridable through `extra`. */
export function gamesFixture(count: number, first = 1, extra: Partial<Game> = {}): Game[] {
  return Array.from({ length: count }, (_, index) => gameFixture({ nodeId: first + index, ...extra }));
}

export function gamePageFixture(content: Game[], overrides: Partial<GamePage> = {}): GamePage {
  return { content, pageNum: 1, pageSize: 20, total: content.length, totalPages: content.length > 0 ? 1 : 0, ...overrides };
}

export function vendorFixture(overrides: Partial<Vendor> = {}): Vendor {
  return {
    vassalage: 'AURORA',
    displayName: 'Aurora Spins (Demo)',
    logoUrl: '/media/demo/vendor/AURORA.svg',
    gameTypes: ['RNG'],
    sortOrder: 1,
    walletMode: 'seamless',
    maintenance: false,
    isGame: 'VASSALAGE',
    gameCount: 100,
    isDemo: true,
    ...overrides,
  };
}

export function menuFixture(types: Partial<Record<GameType, Vendor[]>> = { RNG: [vendorFixture()] }): GameMenu {
  return { types: Object.entries(types).map(([gameType, vendors]) => ({ gameType: gameType as GameType, vendors: vendors ?? [] })) };
}

export function launchFixture(overrides: Partial<LaunchResponse> = {}): LaunchResponse {
  return {
    url: '/sandbox-vendor/play?token=abc',
    mode: 'seamless',
    vendorToken: 'abc',
    demo: false,
    game: gameFixture({ nodeId: 7, gameName: 'Fortuna do Tigre' }),
    transferred: null,
    ...overrides,
  };
}
