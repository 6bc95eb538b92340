import { describe, expect, it } from 'vitest';
import type { LiveLobby, LiveRoundView } from '@app/contracts';
import { createLiveClock, remainingMs, secondsLeft } from './live-clock.ts';
import { applyChatMessage, applyChatRemoved, applyRoundToLobby, applyRoundToTable } from './live-state.ts';

describe('live clock', () => {
  it('counts the betting window down by the server clock, not the phone one', () => {
    let local = 1_000_000;
    const clock = createLiveClock(() => local);
    // The phone is 30 s behind the server; one sample came late (travel time), the best one wins.
    clock.sample(1_029_800);
    clock.sample(1_030_000);
    expect(clock.now()).toBe(1_030_000);
    const endsAt = new Date(1_030_000 + 14_200).toISOString();
    expect(secondsLeft(endsAt, clock.now())).toBe(15);
    local += 14_000;
    expect(secondsLeft(endsAt, clock.now())).toBe(1);
    expect(remainingMs(endsAt, clock.now())).toBe(200);
    local += 5_000;
    expect(secondsLeft(endsAt, clock.now())).toBe(0);
    expect(remainingMs('not a date', clock.now())).toBe(0);
  });
});

const round = (id: string, phase: LiveRoundView['phase'], result: LiveRoundView['result'] = null): LiveRoundView => ({
  id,
  tableCode: 'roleta-copacabana',
  number: Number(id),
  phase,
  bettingEndsAt: '2026-01-01T00:00:15.000Z',
  commitment: 'a'.repeat(64),
  handInShoe: null,
  result,
  resultAt: null,
});

describe('live pushes', () => {
  it('patch the lobby: a result goes to the front of last results once, a new round starts with nobody, older pushes are ignored', () => {
    const lobby: LiveLobby = {
      serverTime: 0,
      tables: [{ code: 'roleta-copacabana', game: 'roulette', name: 'Roleta', status: 'open', round: round('7', 'dealing', { game: 'roulette', number: 17, colour: 'black' }), lastResults: ['3'], players: 4, minBet: '0.50', maxBet: '5000.00', bettingSeconds: 15 }],
    };
    const settled = applyRoundToLobby(lobby, round('7', 'result', { game: 'roulette', number: 17, colour: 'black' }));
    expect(settled.tables[0]!.lastResults).toEqual(['17', '3']);
    expect(applyRoundToLobby(settled, round('7', 'result', { game: 'roulette', number: 17, colour: 'black' })).tables[0]!.lastResults).toEqual(['17', '3']);
    expect(applyRoundToLobby(settled, round('7', 'betting')).tables[0]!.round!.phase).toBe('result');
    const next = applyRoundToLobby(settled, round('8', 'betting'));
    expect(next.tables[0]!.players).toBe(0);
    expect(next.tables[0]!.round!.id).toBe('8');
  });

  it('patch a table the same way', () => {
    const state = { table: { code: 'roleta-copacabana' }, round: round('8', 'dealing'), players: 3 } as Parameters<typeof applyRoundToTable>[0];
    expect(applyRoundToTable(state, round('7', 'result'))).toBe(state);
    expect(applyRoundToTable(state, round('9', 'betting')).players).toBe(0);
  });

  it('add a chat message once and take a removed one away', () => {
    const state = { table: { code: 'bacara-rio' }, chat: [{ id: '1', name: 'jo***', text: 'oi', at: '2026-01-01T00:00:00.000Z' }] } as Parameters<typeof applyChatMessage>[0];
    const message = { id: '2', name: 'ma***', text: 'boa', at: '2026-01-01T00:00:01.000Z' };
    const added = applyChatMessage(state, message);
    expect(added.chat.map((entry) => entry.id)).toEqual(['1', '2']);
    expect(applyChatMessage(added, message)).toBe(added);
    expect(applyChatRemoved(added, '1').chat.map((entry) => entry.id)).toEqual(['2']);
  });
});
