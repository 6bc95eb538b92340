import { describe, expect, it } from 'vitest';
import { MAX_DIFFICULTY_BITS, expectedAttempts, leadingZeroBits, solveChallenge } from './proof-of-work-solver.ts';
import { sha256Utf8 } from './sha256.ts';

function workOf(challenge: string, nonce: string): number {
  return leadingZeroBits(sha256Utf8(`${challenge}:${nonce}`));
}

/** The reference search, one string per attempt: slow but obviously right. */
function firstNonce(challenge: string, bits: number): string {
  for (let nonce = 0; ; nonce++) if (workOf(challenge, String(nonce)) >= bits) return String(nonce);
}

describe('leadingZeroBits', () => {
  it('counts zero bits from the most significant bit of the first byte', () => {
    expect(leadingZeroBits(new Uint8Array([]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x00]))).toBe(24);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x01, 0x00]))).toBe(23);
  });
});

describe('solveChallenge', () => {
  it('finds the first nonce with enough work, across digit roll-overs (9→10, 99→100, 999→1000)', async () => {
    for (const [challenge, bits] of [['AbC-_x', 10], ['y'.repeat(84), 11], ['héllo✓😀', 9], ['', 6]] as const) {
      const nonce = await solveChallenge(challenge, bits);
      expect(nonce).toBe(firstNonce(challenge, bits));
      expect(workOf(challenge, nonce)).toBeGreaterThanOrEqual(bits);
    }
  });

  it('answers 0 at difficulty 0', async () => {
    expect(await solveChallenge('anything', 0)).toBe('0');
  });

  it('reports progress at every yield', async () => {
    const reports: number[] = [];
    const challenge = 'progress-check';
    const nonce = await solveChallenge(challenge, 12, { yieldEvery: 100, onProgress: (tried) => reports.push(tried) });
    expect(reports).toEqual(Array.from({ length: Math.floor(Number(nonce) / 100) }, (_, i) => (i + 1) * 100));
  });

  it('keeps the event loop turning and stops when aborted', async () => {
    const controller = new AbortController();
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
      controller.abort();
    }, 30);
    const search = solveChallenge('never-solved', MAX_DIFFICULTY_BITS, { signal: controller.signal });
    await expect(search).rejects.toMatchObject({ name: 'AbortError' });
    expect(timerFired).toBe(true);
  });

  it('rejects at once when already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(solveChallenge('x', 4, { signal: controller.signal })).rejects.toThrow('left the page');
  });

  it('rejects impossible options', async () => {
    for (const bits of [-1, 33, 1.5, Number.NaN]) await expect(solveChallenge('x', bits)).rejects.toThrow(RangeError);
    for (const yieldEvery of [0, -5, 2.5]) await expect(solveChallenge('x', 4, { yieldEvery })).rejects.toThrow(RangeError);
  });

  it('estimates the mean number of attempts', () => {
    expect(expectedAttempts(18)).toBe(262_144);
  });
});
