import { describe, expect, it } from 'vitest';
import type { CrashMyBet, CrashRoundView, CrashState } from '@app/contracts';
import { cashOutCents, createCrashClock, hundredthsAt, STALL_MS } from './crash-clock.ts';
import { applyPlayerMessage, applyRoundMessage, applyToMyBet, preferNewer } from './crash-state.ts';

const round = (id: string, phase: CrashRoundView['phase'], crashPoint: string | null = null): CrashRoundView => ({
  id,
  phase,
  bettingEndsAt: '2025-03-01T12:00:05.000Z',
  startedAt: phase === 'betting' ? null : '2025-03-01T12:00:05.000Z',
  crashPoint,
  hash: crashPoint ? 'a'.repeat(64) : null,
});

function stateWith(current: CrashRoundView, overrides: Partial<CrashState> = {}): CrashState {
  return {
    round: current,
    players: [],
    history: [],
    serverTime: 0,
    limits: { minBet: '0.10', maxBet: '1000.00', minAutoCashOut: '1.01', maxMultiplier: '1000.00' },
    chain: null,
    tickMs: 100,
    playable: true,
    ...overrides,
  };
}

const player = { betId: '1', name: 'jo***', amount: '5.00', cashOut: null, win: null };

describe('crash state', () => {
  it('starts a new round empty, keeps players within a round, and adds a crash to the history once', () => {
    let state = stateWith(round('7', 'betting'));
    state = applyPlayerMessage(state, { type: 'crash.player', roundId: '7', player });
    state = applyPlayerMessage(state, { type: 'crash.player', roundId: '6', player: { ...player, betId: '2' } });
    expect(state.players).toEqual([player]);
    state = applyPlayerMessage(state, { type: 'crash.player', roundId: '7', player: { ...player, cashOut: '1.50', win: '7.50' } });
    expect(state.players).toEqual([{ ...player, cashOut: '1.50', win: '7.50' }]);

    state = applyRoundMessage(state, round('7', 'running'));
    expect(state.players).toHaveLength(1);
    state = applyRoundMessage(state, round('7', 'crashed', '2.37'));
    state = applyRoundMessage(state, round('7', 'crashed', '2.37'));
    expect(state.history).toEqual([{ id: '7', crashPoint: '2.37', hash: 'a'.repeat(64) }]);
    state = applyRoundMessage(state, round('8', 'betting'));
    expect(state.players).toEqual([]);
  });

  it('never steps back to an earlier phase when a slow read returns', () => {
    const crashed = stateWith(round('7', 'crashed', '2.37'));
    expect(preferNewer(crashed, stateWith(round('7', 'running'))).round?.phase).toBe('crashed');
    expect(preferNewer(crashed, stateWith(round('8', 'betting'))).round?.id).toBe('8');
    expect(preferNewer(undefined, crashed)).toBe(crashed);
  });

  it('follows the member’s bet: an automatic cash-out push, then a crash that leaves a bet lost', () => {
    const bet: CrashMyBet = { id: '1', roundId: '7', amount: '5.00', autoCashOut: '1.50', status: 'placed', cashOut: null, win: null, createdAt: '' };
    expect(applyToMyBet(bet, { type: 'crash.player', roundId: '7', player: { ...player, cashOut: '1.50', win: '7.50' } })).toMatchObject({ status: 'cashed', cashOut: '1.50', win: '7.50' });
    expect(applyToMyBet(bet, { type: 'crash.round', round: round('7', 'crashed', '1.20') })).toMatchObject({ status: 'lost', win: '0.00' });
    expect(applyToMyBet(bet, { type: 'crash.round', round: round('8', 'crashed', '1.20') })).toBe(bet);
  });
});

describe('crash clock', () => {
  it('takes the largest offset seen and holds the curve when ticks stop', () => {
    let local = 1_000;
    const clock = createCrashClock(() => local);
    clock.sample(5_000);
    clock.sample(4_900);
    expect(clock.serverNow()).toBe(5_000);
    clock.tick('7', 2_000, 5_000);
    expect(clock.elapsed('7', 3_000)).toBe(2_000);
    local += 500;
    expect(clock.elapsed('7', 3_000)).toBe(2_500);
    local += 5_000;
    expect(clock.elapsed('7', 3_000)).toBe(2_000 + STALL_MS);
    // A round with no tick yet follows the clock alone.
    expect(clock.elapsed('8', 5_000)).toBe(5_500);
  });

  it('draws the shared curve, capped, and pays cash-outs floored to the centavo', () => {
    expect(hundredthsAt(0, 100_000)).toBe(100);
    expect(hundredthsAt(2_000, 100_000)).toBe(112);
    expect(hundredthsAt(200_000, 100_000)).toBe(100_000);
    expect(cashOutCents(1_000n, 237)).toBe(2_370n);
    expect(cashOutCents(33n, 150)).toBe(49n);
  });
});
