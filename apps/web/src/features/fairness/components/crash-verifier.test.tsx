import { createHash, createHmac, webcrypto } from 'node:crypto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CrashRoundDetail } from '@app/contracts';
import { crashPointFromDigest, formatCrashPoint } from '@app/house-games';
import { apiError, stubApi, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

/** The chain and crash points as the server builds them, here with node:crypto (independent of the verifier under test). */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const crashPointOf = (hash: string, salt: string) => formatCrashPoint(crashPointFromDigest(createHmac('sha256', hash).update(salt, 'utf8').digest()));

const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const POSITION = 3;
/** chain[0] is played first; SHA-256(chain[i + 1]) = chain[i]. */
const CHAIN = (() => {
  const generated = [sha256('the secret seed')];
  for (let i = 1; i <= POSITION; i += 1) generated.push(sha256(generated[i - 1]!));
  return generated.reverse();
})();
const TERMINATING = sha256(CHAIN[0]!);
const HASH = CHAIN[POSITION]!;
const EXPECTED = crashPointOf(HASH, SALT);

function roundFixture(overrides: Partial<CrashRoundDetail> = {}): CrashRoundDetail {
  return {
    id: '7',
    crashPoint: EXPECTED,
    hash: HASH,
    previousHash: CHAIN[POSITION - 1]!,
    salt: SALT,
    terminatingHash: TERMINATING,
    position: POSITION,
    startedAt: '2025-03-01T12:00:05.000Z',
    crashedAt: '2025-03-01T12:00:09.000Z',
    players: [],
    ...overrides,
  };
}

function openFairness(path: string, round: RouteAnswer = roundFixture()) {
  sessionStorage.setItem('token', 'tok-1');
  stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/house/fairness': apiError(403, 'auth.trial_refused'), 'GET /api/crash/rounds/7': round });
  return renderApp(path);
}

const verifier = () => screen.getByTestId('crash-verifier');
const field = (testId: string) => within(verifier()).getByTestId(testId) as HTMLInputElement;

describe('crash verifier', () => {
  it('fills itself from ?crash=<id>, recomputes the crash point with WebCrypto and links the hash to the previous round', async () => {
    expect(EXPECTED).toMatch(/^\d+\.\d{2}$/);
    openFairness('/fairness?crash=7');
    const result = await screen.findByTestId('crash-verify-result', {}, { timeout: 5000 });
    expect(within(verifier()).getByTestId('crash-verify-from-round').textContent).toBe('Dados preenchidos a partir da rodada 7 do Crash.');
    expect(field('crash-verify-hash').value).toBe(HASH);
    expect(field('crash-verify-salt').value).toBe(SALT);
    expect(field('crash-verify-position').value).toBe('3');
    expect(within(result).getByTestId('crash-verify-point').getAttribute('data-value')).toBe(EXPECTED);
    expect(within(result).getByTestId('crash-verify-match').getAttribute('data-match')).toBe('true');
    expect(within(result).getByTestId('crash-verify-previous').textContent).toBe('Confere: o SHA-256 deste hash é o hash da rodada anterior.');
    expect(within(result).getByTestId('crash-verify-hash-of-hash').textContent).toBe(CHAIN[POSITION - 1]);
    expect(result.getAttribute('data-valid')).toBe('true');
    expect(within(result).getByRole('heading').textContent).toBe('Confere');
  });

  it('walks the chain to the terminating hash on request', async () => {
    openFairness('/fairness?crash=7');
    await screen.findByTestId('crash-verify-result', {}, { timeout: 5000 });
    fireEvent.click(field('crash-verify-walk'));
    fireEvent.click(within(verifier()).getByTestId('crash-verify-submit'));
    const chain = await screen.findByTestId('crash-verify-chain', {}, { timeout: 5000 });
    expect(chain.textContent).toBe('Confere: aplicar o SHA-256 4 vezes leva ao hash final da cadeia.');
    expect(chain.getAttribute('data-match')).toBe('true');

    // One round too far along the chain: the walk ends elsewhere.
    fireEvent.change(field('crash-verify-position'), { target: { value: '4' } });
    fireEvent.click(within(verifier()).getByTestId('crash-verify-submit'));
    await waitFor(() => expect(screen.getByTestId('crash-verify-chain').getAttribute('data-match')).toBe('false'));
    expect(screen.getByTestId('crash-verify-result').getAttribute('data-valid')).toBe('false');
  });

  it('says plainly when a recorded crash point does not match', async () => {
    openFairness('/fairness?crash=7', roundFixture({ crashPoint: '999.99' }));
    const result = await screen.findByTestId('crash-verify-result', {}, { timeout: 5000 });
    expect(result.getAttribute('data-valid')).toBe('false');
    expect(within(result).getByRole('heading').textContent).toBe('Não confere');
    expect(within(result).getByTestId('crash-verify-match').textContent).toContain('é diferente do registrado (999,99×)');
  });

  it('verifies any pasted hash and salt, and checks the fields first', async () => {
    openFairness('/fairness');
    await screen.findByTestId('crash-verifier', {}, { timeout: 5000 });
    await act(async () => fireEvent.click(within(verifier()).getByTestId('crash-verify-submit')));
    expect(verifier().textContent).toContain('Informe um hash de 64 caracteres hexadecimais minúsculos (0–9, a–f).');
    expect(verifier().textContent).toContain('Informe o salt da cadeia.');
    expect(screen.queryByTestId('crash-verify-result')).toBeNull();

    fireEvent.change(field('crash-verify-hash'), { target: { value: HASH } });
    fireEvent.change(field('crash-verify-salt'), { target: { value: SALT } });
    fireEvent.change(field('crash-verify-previous-hash'), { target: { value: TERMINATING } });
    fireEvent.click(within(verifier()).getByTestId('crash-verify-submit'));
    const result = await screen.findByTestId('crash-verify-result');
    expect(within(result).getByTestId('crash-verify-point').getAttribute('data-value')).toBe(EXPECTED);
    expect(within(result).queryByTestId('crash-verify-match')).toBeNull();
    expect(within(result).getByTestId('crash-verify-previous').getAttribute('data-match')).toBe('false');
    expect(result.getAttribute('data-valid')).toBe('false');
  });

  it('says when the round cannot be loaded (not crashed yet)', async () => {
    openFairness('/fairness?crash=7', apiError(404, 'crash.round_not_found'));
    expect((await screen.findByTestId('crash-verify-round-failed', {}, { timeout: 5000 })).textContent).toBe(
      'Não foi possível carregar a rodada 7 do Crash. Rodada não encontrada ou ainda em andamento.',
    );
  });
});
