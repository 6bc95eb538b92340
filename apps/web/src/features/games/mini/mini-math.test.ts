import { describe, expect, it } from 'vitest';
import { ballStops, dropMs, plinkoGeometry } from './plinko-board.tsx';
import { countUpMs } from './limbo-game.tsx';
import { amountInputText, amountProblem, diceOdds, formatMultiplier, formatPercent, limboOdds, miniGameCodeOf, parseAmount, parseLimboTarget, payoutCents, scaleAmount } from './mini-math.ts';

describe('mini game numbers', () => {
  it('reads amounts typed in either notation, in centavos', () => {
    const pt: [string, bigint | null][] = [
      ['1', 100n], ['1,5', 150n], ['1.50', 150n], [' R$ 2,00 ', 200n], ['1.000', 100_000n], ['1.000,50', 100_050n],
      ['', null], ['abc', null], ['1,234', null], ['1,000.50', null], ['-1', null], ['1e3', null], ['1,5,0', null],
    ];
    for (const [input, cents] of pt) expect(parseAmount(input, 'pt'), input).toBe(cents);
    const en: [string, bigint | null][] = [['1.5', 150n], ['1,5', 150n], ['1,000', 100_000n], ['1,000.50', 100_050n], ['1.000', null], ['1.000,50', null]];
    for (const [input, cents] of en) expect(parseAmount(input, 'en'), input).toBe(cents);
  });

  it('checks the stake against the table limits and keeps ½ and 2× inside them', () => {
    expect(amountProblem(null, '0.10', '1000.00')).toBe('invalid');
    expect(amountProblem(0n, '0.10', '1000.00')).toBe('invalid');
    expect(amountProblem(9n, '0.10', '1000.00')).toBe('min');
    expect(amountProblem(100_001n, '0.10', '1000.00')).toBe('max');
    expect(amountProblem(100_000n, '0.10', '1000.00')).toBeNull();
    expect(scaleAmount(15n, 'half', '0.10', '1000.00')).toBe(10n);
    expect(scaleAmount(155n, 'half', '0.10', '1000.00')).toBe(77n);
    expect(scaleAmount(60_000n, 'double', '0.10', '1000.00')).toBe(100_000n);
    expect(amountInputText(77n, 'pt')).toBe('0,77');
    expect(amountInputText(100_000n, 'en')).toBe('1000.00');
  });

  it('computes the dice odds as the server does', () => {
    expect(diceOdds('over', 5000).multiplier).toBe(19_801n);
    expect(diceOdds('under', 200).multiplier).toBe(495_049n);
    expect(diceOdds('over', 9800).chance).toBeCloseTo((200 / 10_001) * 100, 10);
    expect(payoutCents(100n, 19_801n)).toBe(198n);
    expect(formatMultiplier(19_801n, 'pt')).toBe('1,9801×');
    expect(formatMultiplier(495_049n, 'en')).toBe('49.5049×');
  });

  it('validates limbo targets and their chance', () => {
    expect(parseLimboTarget('2')).toBe(200);
    expect(parseLimboTarget('1,01')).toBe(101);
    expect(parseLimboTarget('1.000.000')).toBe(100_000_000);
    for (const bad of ['1', '1,00', '1000000,01', 'x', '2,555']) expect(parseLimboTarget(bad), bad).toBeNull();
    expect(formatPercent(limboOdds(200).chance, 'pt')).toBe('49,50%');
    expect(formatPercent(limboOdds(100_000_000).chance, 'en')).toBe('0.000099%');
    expect(limboOdds(250).multiplier).toBe(25_000n);
  });

  it('knows which house games are mini games', () => {
    expect(miniGameCodeOf('HOUSE', 'plinko')).toBe('plinko');
    expect(miniGameCodeOf('TSLOT', 'plinko')).toBeNull();
    expect(miniGameCodeOf('HOUSE', 'tesouro-do-farao')).toBeNull();
  });

  it('drops the plinko ball onto the pegs of its path and into its slot, within 1.5 s', () => {
    const geometry = plinkoGeometry(8);
    const stops = ballStops(geometry, [1, 0, 1, 1, 0, 0, 1, 1]);
    expect(stops).toHaveLength(10);
    expect(stops[0]!.x).toBe(geometry.width / 2);
    // Slot 5 of 9: its centre, between the last row's pegs 5 and 6.
    expect(stops[9]!.x).toBe((geometry.pegs[7]![5]!.x + geometry.pegs[7]![6]!.x) / 2);
    for (const rows of [8, 12, 16]) expect(dropMs(rows)).toBeLessThanOrEqual(1500);
    expect(countUpMs(1_000_000)).toBeLessThanOrEqual(900);
  });
});
