import { createHash, createHmac, webcrypto } from 'node:crypto';
import { screen } from '@testing-library/react';
import { beforeAll } from 'vitest';
import type { FairnessState, HouseRound, MiniOutcome, RotationResponse, SlotOutcome } from '@app/contracts';
import { blockMessage, createBlockStream, findMiniGame, findSlotGame, payout, playRound } from '@app/house-games';
import { stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { serialiseOutcome } from '../verify.ts';

/** Seeds, rounds and the page as the provably fair page's tests use them (slot, mini games, Mines). */
export const SEED_A = 'a'.repeat(48) + '0123456789abcdef';
export const SEED_B = 'b'.repeat(48) + '0123456789abcdef';
export const hashOf = (seed: string) => createHash('sha256').update(seed, 'utf8').digest('hex');
export const MACHINE = 'tesouro-do-farao';

/** jsdom may lack WebCrypto's digest, which the verifier uses: Node's is the same. */
export function withNodeWebCrypto() {
  beforeAll(() => {
    if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  });
}

export function stateFixture(overrides: Partial<FairnessState> = {}): FairnessState {
  return {
    serverSeedHash: hashOf('c'.repeat(64)),
    clientSeed: 'my-seed',
    nonce: 5,
    revealed: [
      { serverSeed: SEED_A, serverSeedHash: hashOf(SEED_A), clientSeed: 'old-seed', lastNonce: 3, revealedAt: '2025-03-01T10:00:00.000Z' },
      { serverSeed: SEED_B, serverSeedHash: hashOf(SEED_B), clientSeed: 'newer-seed', lastNonce: 0, revealedAt: '2025-03-02T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

export function rotationFixture(clientSeed = 'my-seed'): RotationResponse {
  return {
    revealed: { serverSeed: 'c'.repeat(64), serverSeedHash: hashOf('c'.repeat(64)), clientSeed: 'my-seed', lastNonce: 5 },
    active: { serverSeedHash: hashOf('d'.repeat(64)), clientSeed, nonce: 0 },
  };
}

/** The round stream the server uses, here with node:crypto (independent of the verifier under test). */
export const serverStream = (nonce: number) => createBlockStream((cursor) => createHmac('sha256', SEED_A).update(blockMessage('old-seed', nonce, cursor), 'utf8').digest());

/** A round the server would have stored, played here with node:crypto. */
export function roundFixture({ revealed = true, nonce = 2 } = {}): HouseRound & { outcome: SlotOutcome } {
  const game = findSlotGame(MACHINE)!;
  const stream = serverStream(nonce);
  const outcome = serialiseOutcome(playRound(game, { lineBet: 20n }, stream));
  return {
    id: '42',
    vendor: 'HOUSE',
    gameCode: MACHINE,
    machine: MACHINE,
    status: 'settled',
    bet: outcome.totalBet,
    win: outcome.totalWin,
    createdAt: '2025-03-01T09:00:00.000Z',
    outcome,
    fairness: { serverSeedHash: hashOf(SEED_A), clientSeed: 'old-seed', nonce, serverSeed: revealed ? SEED_A : null },
  };
}

export const cents = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
export const tenThousandths = (value: bigint) => `${value / 10_000n}.${(value % 10_000n).toString().padStart(4, '0')}`;

/** A mini round the server would have stored (its playMini, with node:crypto): game.play(game.parse(params), stream). */
export function miniRoundFixture(kind: MiniOutcome['kind'], params: Record<string, string | number>, { nonce = 4, bet = 100n, id = '43' } = {}): HouseRound & { outcome: MiniOutcome } {
  const game = findMiniGame(kind)!;
  const round = game.play(game.parse(params), serverStream(nonce));
  const win = payout(bet, round.multiplier);
  return {
    id,
    vendor: 'HOUSE',
    gameCode: kind,
    machine: kind,
    status: 'settled',
    bet: cents(bet),
    win: cents(win),
    createdAt: '2025-03-01T09:00:00.000Z',
    outcome: { kind, bet: cents(bet), multiplier: tenThousandths(round.multiplier), win: cents(win), result: round.outcome as MiniOutcome['result'] },
    fairness: { serverSeedHash: hashOf(SEED_A), clientSeed: 'old-seed', nonce, serverSeed: SEED_A },
  };
}

/** The first nonce from `from` whose round `wins` as asked. */
export function nonceWhere(make: (nonce: number) => HouseRound & { outcome: MiniOutcome }, wins: boolean, from = 0): number {
  let nonce = from;
  while ((make(nonce).outcome.multiplier !== '0.0000') !== wins) nonce += 1;
  return nonce;
}

export function openPage(path = '/fairness', routes: Record<string, RouteAnswer> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/house/fairness': stateFixture(), ...routes });
  return { calls, ...renderApp(path) };
}

export const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
export const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
