import { createHash, createHmac } from 'node:crypto';
import { DEFAULT_ODDS, LOTTERY_FAMILIES, type LotteryFamily, type LotteryPrizeMode, type LotteryResult } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commitHashOf,
  countCombinations,
  fastBallsFromSecret,
  fastResultFromSecret,
  hitsOf,
  LotteryDomainError,
  newDrawSecret,
  prepareResult,
  settleTicket,
  ticketTotalCents,
  validateResult,
  validateSelections,
} from './index.ts';
import { documentBlock, documentExamples, documentResults } from './rules-document.ts';

// docs/lottery-rules.md §7: every worked example, read from the document.
const examples = documentExamples();
const results = documentResults();
const resultOf = (name: string): LotteryResult => {
  const raw = results.get(name) as { family: LotteryFamily } | undefined;
  if (!raw) throw new Error(`no result ${name} in the document`);
  return validateResult(raw, raw.family);
};

describe('docs/lottery-rules.md worked examples', () => {
  it('has examples for every bet type of every family, won and lost', () => {
    expect(examples.length).toBeGreaterThan(60);
    const covered = new Set(examples.map((example) => `${resultOf(example.result).family}/${example.betType}`));
    const winners = new Set(examples.filter((example) => Object.keys(example.hits).length > 0).map((example) => example.betType));
    const losers = new Set(examples.filter((example) => Object.keys(example.hits).length === 0).map((example) => example.betType));
    for (const family of ['vn_north', 'vn_south', 'sea_4d', 'fast_5d'] as const) {
      for (const betType of Object.keys(DEFAULT_ODDS[family === 'sea_4d' ? 'SEA' : family === 'fast_5d' ? 'ELOTT' : 'LOTT'][family]!)) {
        expect(covered, `${family}/${betType}`).toContain(`${family}/${betType}`);
      }
    }
    for (const betType of ['bao_lo_2', 'xien_3', 'da', 'big', 'small', 'position', 'sum', 'back3']) {
      expect(winners).toContain(betType);
      expect(losers).toContain(betType);
    }
  });

  it.each(examples)('$id: $betType $selections', (example) => {
    const result = resultOf(example.result);
    const family = result.family;
    const odds = DEFAULT_ODDS[example.mode as LotteryPrizeMode][family]![example.betType]!;
    const checked = validateSelections(family, example.betType, example.selections);
    expect(checked.ok).toBe(true);
    expect(countCombinations(family, example.betType, example.selections)).toBe(example.combinations);
    expect(ticketTotalCents(family, example.betType, example.selections, example.unitCents)).toBe(example.totalCents);

    const hits = Object.fromEntries(Object.entries(hitsOf(family, example.betType, example.selections, result)).filter(([, count]) => count > 0));
    expect(hits).toEqual(example.hits);
    const ticket = { family, betType: example.betType, selections: example.selections, unitStakeCents: example.unitCents, odds };
    const expected = {
      status: Object.keys(example.hits).length > 0 ? 'won' : 'lost',
      returnCents: example.returnCents,
      hits: Object.values(example.hits).reduce((sum, count) => sum + count, 0),
    };
    expect(settleTicket(ticket, prepareResult(result))).toEqual(expected);
    // A raw result settles the same (the slow path, prepared on the fly).
    expect(settleTicket(ticket, result)).toEqual(expected);
  });
});

describe('settlement edges', () => {
  const south = resultOf('south-a');

  it('pays nothing for a prize key the locked table lacks, and rounds the sum down once', () => {
    const ticket = { family: 'vn_south' as const, betType: 'da', selections: ['12', '45'], unitStakeCents: 1n, odds: { pair: 1_500 } };
    // 1 pair × 1.5 × 0.01 = 0.015 → 1 centavo; 'repeat' is not in the table.
    expect(settleTicket(ticket, south)).toEqual({ status: 'won', returnCents: 1n, hits: 8 });
  });

  it('refuses a ticket of another family than the result, and an unknown bet type', () => {
    const ticket = { family: 'vn_north' as const, betType: 'bao_lo_2', selections: ['12'], unitStakeCents: 100n, odds: { hit: 95_000 } };
    expect(() => settleTicket(ticket, south)).toThrow(LotteryDomainError);
    expect(() => hitsOf('vn_south', 'big', ['1234'], south)).toThrow(/bet_type_unknown/);
  });
});

const north = results.get('north-a') as { family: 'vn_north'; prizes: { tier: string; numbers: string[] }[] };
const withTier = (tier: string, numbers: unknown) => ({ ...north, prizes: north.prizes.map((prize) => (prize.tier === tier ? { tier, numbers } : prize)) });
const sea = results.get('sea-a') as Record<string, unknown>;

describe('validateResult', () => {
  it('keeps a valid result, in the canonical tier order, without extra fields', () => {
    const shuffled = { ...north, prizes: [...north.prizes].reverse(), extra: 'dropped' };
    expect(validateResult(shuffled, 'vn_north')).toEqual(north);
  });

  it.each([
    ['not an object', 'nope', 'vn_north', 'lottery.result_shape'],
    ['null', null, 'vn_north', 'lottery.result_shape'],
    ['another family', north, 'vn_south', 'lottery.result_family'],
    ['prizes not a list', { family: 'vn_north', prizes: {} }, 'vn_north', 'lottery.result_shape'],
    ['a missing tier', { ...north, prizes: north.prizes.slice(1) }, 'vn_north', 'lottery.result_tier'],
    ['a repeated tier', { ...north, prizes: [...north.prizes, north.prizes[0]] }, 'vn_north', 'lottery.result_tier'],
    ['a tier the north has not', { ...north, prizes: [...north.prizes, { tier: '8', numbers: ['12'] }] }, 'vn_north', 'lottery.result_tier'],
    ['a short 3rd prize', withTier('3', ['10203']), 'vn_north', 'lottery.result_count'],
    ['a 4-digit special', withTier('special', ['1245']), 'vn_north', 'lottery.result_digits'],
    ['a letter in the 7th', withTier('7', ['12', '4a', '67', '08']), 'vn_north', 'lottery.result_digits'],
    ['a number as a number', withTier('7', [12, 45, 67, 8]), 'vn_north', 'lottery.result_digits'],
    ['9 starters', { ...sea, starters: (sea.starters as string[]).slice(1) }, 'sea_4d', 'lottery.result_count'],
    ['a 5-digit first', { ...sea, first: '12345' }, 'sea_4d', 'lottery.result_digits'],
    ['no third', { ...sea, third: undefined }, 'sea_4d', 'lottery.result_digits'],
    ['four balls', { family: 'fast_5d', balls: [1, 2, 3, 4] }, 'fast_5d', 'lottery.result_count'],
    ['a ball of 10', { family: 'fast_5d', balls: [1, 2, 3, 4, 10] }, 'fast_5d', 'lottery.result_digits'],
    ['a ball of 2.5', { family: 'fast_5d', balls: [1, 2, 3, 4, 2.5] }, 'fast_5d', 'lottery.result_digits'],
    ['balls as text', { family: 'fast_5d', balls: '12345' }, 'fast_5d', 'lottery.result_shape'],
  ] as const)('refuses %s', (_, result, family, code) => {
    expect(() => validateResult(result, family as LotteryFamily)).toThrow(expect.objectContaining({ code }));
  });

  it('accepts every document result for its own family only', () => {
    for (const [name, raw] of results) {
      const family = (raw as { family: LotteryFamily }).family;
      for (const other of LOTTERY_FAMILIES) {
        if (other === family) expect(() => validateResult(raw, other), name).not.toThrow();
        else expect(() => validateResult(raw, other), name).toThrow(LotteryDomainError);
      }
    }
  });
});

describe('fast draws (§6)', () => {
  const example = Object.fromEntries(
    documentBlock('text fast-example')
      .trim()
      .split('\n')
      .map((line) => line.split(' = ').map((part) => part.trim())),
  ) as Record<string, string>;

  it("recomputes the document's example: commitment, HMAC bytes and balls", () => {
    const { secret, gameCode, drawNo } = example as { secret: string; gameCode: string; drawNo: string };
    expect(commitHashOf(secret)).toBe(example.commitHash);
    const bytes = [...createHmac('sha256', Buffer.from(secret, 'hex')).update(`${gameCode}:${drawNo}`).digest()];
    expect(bytes.slice(0, 8).join(' ')).toBe(example.hmacBytes);
    expect(fastBallsFromSecret(secret, gameCode, drawNo).join(' ')).toBe(example.balls);
    expect(fastResultFromSecret(secret, gameCode, drawNo)).toEqual({ family: 'fast_5d', balls: example.balls!.split(' ').map(Number) });
  });

  it("matches the document's Node.js and browser snippets on random secrets", async () => {
    const nodeBody = documentBlock('js verify-node').replace(/^import .*$/m, '').replace(/^console\.log\(.*$/m, '');
    const verifyNode = new Function('createHash', 'createHmac', 'Buffer', `${nodeBody}\nreturn verifyFastDraw;`)(createHash, createHmac, Buffer);
    const verifyBrowser = new Function('crypto', `${documentBlock('js verify-browser')}\nreturn verifyFastDraw;`)(globalThis.crypto);
    for (let round = 0; round < 20; round += 1) {
      const secret = newDrawSecret();
      const expected = { commitHash: commitHashOf(secret), balls: fastBallsFromSecret(secret, 'FAST3', `20261129-${round}`) };
      expect(verifyNode(secret, 'FAST3', `20261129-${round}`)).toEqual(expected);
      expect(await verifyBrowser(secret, 'FAST3', `20261129-${round}`)).toEqual(expected);
    }
  });

  it('always yields five balls 0–9, the same for the same inputs', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.string({ maxLength: 40 }), fc.string({ maxLength: 20 }), (bytes, gameCode, drawNo) => {
        const secret = Buffer.from(bytes).toString('hex');
        const balls = fastBallsFromSecret(secret, gameCode, drawNo);
        expect(balls).toHaveLength(5);
        for (const ball of balls) expect(Number.isInteger(ball) && ball >= 0 && ball <= 9).toBe(true);
        expect(fastBallsFromSecret(secret, gameCode, drawNo)).toEqual(balls);
        expect(() => validateResult(fastResultFromSecret(secret, gameCode, drawNo), 'fast_5d')).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('draws 64-hex secrets and refuses any other', () => {
    const secret = newDrawSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(newDrawSecret()).not.toBe(secret);
    for (const bad of ['', secret.toUpperCase(), secret.slice(2), `${secret}00`, `${secret.slice(2)}zz`]) {
      expect(() => commitHashOf(bad)).toThrow(expect.objectContaining({ code: 'lottery.secret_invalid' }));
    }
  });
});
