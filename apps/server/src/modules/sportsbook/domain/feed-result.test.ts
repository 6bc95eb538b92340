import { describe, expect, it } from 'vitest';
import { legResultFromFeed, parseFactor } from './feed-result.ts';
import { acceptOddsChange } from './odds-change.ts';
import { ratio } from './ratio.ts';

describe('feed settlements as leg results', () => {
  it('names the common cases', () => {
    expect(legResultFromFeed({ result: 'won', voidFactor: 0, deadHeatFactor: '1' })).toEqual({ kind: 'won' });
    expect(legResultFromFeed({ result: 'lost', voidFactor: 0, deadHeatFactor: '1' })).toEqual({ kind: 'lost' });
    expect(legResultFromFeed({ result: 'lost', voidFactor: 1, deadHeatFactor: '1' })).toEqual({ kind: 'void' });
    expect(legResultFromFeed({ result: 'won', voidFactor: 0.5, deadHeatFactor: '1.0' })).toEqual({ kind: 'half_won' });
    expect(legResultFromFeed({ result: 'lost', voidFactor: 0.5, deadHeatFactor: '1' })).toEqual({ kind: 'half_lost' });
    expect(legResultFromFeed({ result: 'won', voidFactor: 0, deadHeatFactor: '0.5' })).toEqual({ kind: 'won', deadHeatFactor: ratio(1n, 2n) });
  });

  it('keeps unusual combinations as the feed’s factors', () => {
    expect(legResultFromFeed({ result: 'won', voidFactor: 0.5, deadHeatFactor: '0.25' })).toEqual({
      kind: 'factors',
      outcome: 'won',
      voidFactor: ratio(1n, 2n),
      deadHeatFactor: ratio(1n, 4n),
    });
  });

  it('reads factors exactly from their text and refuses what is not one', () => {
    expect(parseFactor('0.333333')).toEqual(ratio(333333n, 1000000n));
    expect(parseFactor('1')).toEqual(ratio(1n));
    expect(parseFactor('1.5')).toBeUndefined();
    expect(parseFactor('-0.5')).toBeUndefined();
    expect(legResultFromFeed({ result: 'won', voidFactor: 0, deadHeatFactor: '0' })).toBeUndefined();
  });
});

describe('odds changes between the slip and acceptance', () => {
  it('NONE stands only at the same odds', () => {
    expect(acceptOddsChange('none', 1850n, 1850n)).toEqual({ ok: true, lockedOddsThousandths: 1850n });
    expect(acceptOddsChange('none', 1850n, 1900n)).toEqual({ ok: false, reason: 'sportsbook.odds_changed' });
  });

  it('ANY locks whatever the odds are now', () => {
    expect(acceptOddsChange('any', 1850n, 1700n)).toEqual({ ok: true, lockedOddsThousandths: 1700n });
  });

  it('HIGHER locks a rise and refuses a drop', () => {
    expect(acceptOddsChange('higher', 1850n, 1900n)).toEqual({ ok: true, lockedOddsThousandths: 1900n });
    expect(acceptOddsChange('higher', 1850n, 1800n)).toEqual({ ok: false, reason: 'sportsbook.odds_changed' });
  });
});
