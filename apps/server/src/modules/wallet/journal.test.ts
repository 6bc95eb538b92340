import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toWireOp } from './journal.ts';

describe('the wire op', () => {
  it('names its fields and keeps the content hash journals were stored with before the names', () => {
    const op = toWireOp({
      key: 'bet:BGS:tx-1',
      type: 'bet',
      reference: 'slot-1/round-9',
      product: 'casino',
      vendor: 'BGS',
      legs: [
        { member: 42n, amount: -250n },
        { house: 'game_revenue:bgs', amount: 250n },
      ],
    });
    expect(op.legs).toEqual([
      { member: '42', pocket: 'cash', currency: 'BRL', amount: '-250' },
      { house: 'game_revenue:bgs', currency: 'BRL', amount: '250' },
    ]);
    // The hash as the one-letter wire format computed it (migration 0009's era): a replay of a
    // journal posted then must still match, or it would answer "conflict".
    const before = createHash('sha256')
      .update(JSON.stringify(['bet', 'slot-1/round-9', 'casino', 'BGS', [{ m: '42', pk: 'cash', c: 'BRL', a: '-250' }, { hc: 'game_revenue:bgs', c: 'BRL', a: '250' }]]))
      .digest('hex');
    expect(op.hash).toBe(before);
  });
});
