import type { LotteryDraw, LotteryGame, LotteryTicket } from '@app/contracts';
import { stubApi, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { walletBalanceFixture } from '../../../test/wallet-fixtures.ts';

/** The lottery's component tests share a fast 1-minute game and a southern Vietnamese one. */
export const drawFixture = (overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  id: '501',
  gameCode: 'FAST1',
  drawNo: '20261129-0931',
  status: 'open',
  closesAt: new Date(Date.now() + 50_000).toISOString(),
  drawAt: new Date(Date.now() + 60_000).toISOString(),
  commitHash: 'ab'.repeat(32),
  secret: null,
  result: null,
  corrections: 0,
  ...overrides,
});

export const fastGame = (overrides: Partial<LotteryGame> = {}): LotteryGame => ({
  code: 'FAST1',
  family: 'fast_5d',
  area: 'ELOTT',
  region: null,
  namePt: 'Rápida 1 min',
  nameEn: 'Fast 1 min',
  intervalMinutes: 1,
  prizeModes: ['ELOTT'],
  betTypes: [
    { code: 'position', odds: { hit: 9_800 } },
    { code: 'big_small', odds: { ball: 1_950, sum: 1_950 } },
    { code: 'front3', odds: { hit: 980_000 } },
  ],
  nextDraw: drawFixture(),
  ...overrides,
});

export const southGame = (overrides: Partial<LotteryGame> = {}): LotteryGame => ({
  code: 'VN_HCM',
  family: 'vn_south',
  area: 'VN',
  region: 'south',
  namePt: 'TP. Hồ Chí Minh',
  nameEn: 'Ho Chi Minh City',
  intervalMinutes: null,
  prizeModes: ['LOTT', 'ZY'],
  betTypes: [
    { code: 'bao_lo_2', odds: { hit: 80_000 } },
    { code: 'xien_2', odds: { hit: 15_000 } },
    { code: 'bao_lo_3', odds: { hit: 600_000 } },
  ],
  nextDraw: drawFixture({ id: '601', gameCode: 'VN_HCM', drawNo: '2026-11-29', closesAt: new Date(Date.now() + 3_600_000).toISOString(), commitHash: null }),
  ...overrides,
});

export const drawnFast = (id: string, balls: number[]): LotteryDraw =>
  drawFixture({ id, drawNo: `20261129-${id}`, status: 'settled', closesAt: '2026-11-29T09:30:50.000Z', drawAt: '2026-11-29T09:31:00.000Z', secret: 'cd'.repeat(32), result: { family: 'fast_5d', balls } });

export const ticketFixture = (overrides: Partial<LotteryTicket> = {}): LotteryTicket => ({
  id: '9001',
  requestId: 'req-00001',
  drawId: '501',
  gameCode: 'FAST1',
  drawNo: '20261129-0931',
  betType: 'position',
  selections: ['p1:7'],
  combinations: 1,
  unitStake: '1.00',
  totalStake: '1.00',
  prizeMode: 'ELOTT',
  odds: { hit: 9_800 },
  status: 'open',
  refusalCode: null,
  return: null,
  hits: null,
  resettlements: 0,
  createdAt: '2026-11-29T09:30:10.000Z',
  settledAt: null,
  ...overrides,
});

/** A logged-in member and the lottery's reads; `routes` adds or replaces answers. */
export function lotteryApi(routes: Record<string, RouteAnswer> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  return stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/wallet/balance': walletBalanceFixture(),
    'GET /api/lottery/games': { games: [fastGame(), southGame()] },
    'GET /api/lottery/games/FAST1': fastGame(),
    'GET /api/lottery/games/VN_HCM': southGame(),
    'GET /api/lottery/results': { draws: [drawnFast('500', [1, 2, 3, 4, 5])], nextBefore: null },
    'GET /api/lottery/recent': { games: [] },
    'GET /api/lottery/tickets': { tickets: [] },
    ...routes,
  });
}
